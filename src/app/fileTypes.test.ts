import { describe, expect, it } from 'vitest';
import { APP_FILE_TYPES, fileEntryPoints } from '../../scripts/app-file-types.mjs';
import { acceptsFile } from '../kit/fileTypes';
import { TOOL_ACCEPTS } from '../tools/accepts';
import { TOOLS } from '../tools/registry';
import { targetsIn } from './handoffTargets';

const ids = (name: string, type: string, size = 1000) => targetsIn(TOOLS)({ name, type, size }).map((t) => t.id);

describe('which tools take a file', () => {
  it('offers a result only to the tools that take its type and size', () => {
    expect(ids('logo.png', 'image/png')).toEqual(['image-compress', 'image-converter', 'image-resize', 'image-removebg', 'image-mosaic', 'image-metadata', 'image-rotate', 'image-crop', 'png-to-svg', 'jpg-to-svg', 'favicon-converter', 'images-to-pdf', 'image-watermark']);
    expect(ids('drawing.svg', 'image/svg+xml')).toEqual(['svg-preview', 'svg-to-png', 'svg-to-jpg', 'svg-optimizer', 'svg-to-pdf', 'svg-to-eps', 'favicon-converter']);
    expect(ids('clip.mp4', 'video/mp4')).toEqual(['video-compress', 'audio-converter', 'audio-loudness', 'audio-speed', 'audio-merge', 'video-frames', 'video-to-gif', 'video-trim', 'video-speed', 'video-crop', 'video-merge']);
    expect(ids('take.wav', 'audio/wav')).toEqual(['audio-converter', 'audio-loudness', 'audio-speed', 'audio-merge', 'audio-trim']);
    expect(ids('song.flac', 'audio/flac')).toEqual(['audio-converter', 'audio-loudness', 'audio-speed', 'audio-merge', 'audio-trim']);
    expect(ids('talk.mp3', 'audio/mpeg')).toEqual(['audio-converter', 'audio-loudness', 'audio-speed', 'audio-merge', 'audio-trim']);
    // Word count and text diff take a text file into their text boxes (issue 27).
    expect(ids('notes.txt', 'text/plain')).toEqual(['text-converter', 'text-diff', 'word-count']);
    expect(ids('report.pdf', 'application/pdf')).toEqual(['pdf-merge', 'pdf-split', 'pdf-protect', 'pdf-unlock', 'pdf-to-images', 'pdf-organize', 'pdf-compress', 'pdf-stamp']);
    expect(ids('scan.tif', 'image/tiff')).toEqual(['images-to-pdf']);
    expect(ids('archive.zip', 'application/zip')).toEqual([]);
    // Past a tool's size limit, that tool is not offered.
    expect(ids('huge.png', 'image/png', 300 * 1024 * 1024)).not.toContain('image-removebg');
  });
});

describe('the installed app\'s entry points', () => {
  it('declare, for "Open with" and the share sheet, every type some file tool takes, and only those', () => {
    const declared = Object.entries(APP_FILE_TYPES).flatMap(([mime, exts]) => exts.map((ext) => ({ mime, name: `f${ext}` })));
    for (const { mime, name } of declared) {
      expect(Object.values(TOOL_ACCEPTS).some((a) => acceptsFile(a, { name, type: mime })), `${name} (${mime}) is taken by no tool`).toBe(true);
    }
    const extensions = new Set(declared.map((d) => d.name.slice(2)));
    for (const [id, accept] of Object.entries(TOOL_ACCEPTS)) {
      expect(TOOLS.some((t) => t.id === id), `${id} is in the registry`).toBe(true);
      for (const ext of accept.extensions ?? []) expect(extensions.has(ext), `${id} takes .${ext}, not declared`).toBe(true);
    }
    const { share_target, file_handlers } = fileEntryPoints();
    expect(share_target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data' });
    expect(share_target.params.files[0].accept).toContain('.svg');
    expect(file_handlers[0].action).toBe('/open');
  });
});
