// GIF: comment and XMP (exiftool wrote them into gps.gif) read and removed; exiftool and ImageMagick judge the output.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../lib/errors';
import { latin1 } from './blocks';
import { readBlocks, stripMetadata } from './strip';
import { xmpHasGps } from './xmp';

const input = new Uint8Array(readFileSync(path.join(__dirname, 'fixtures', 'gps.gif')));
const dir = mkdtempSync(path.join(tmpdir(), 'gif-meta-'));
const saved = (bytes: Uint8Array, name: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, bytes);
  return at;
};
const tags = (at: string) => execFileSync('exiftool', ['-s', '-G1', '-a', at], { encoding: 'utf8' });
/** ImageMagick's signature of the decoded pixels of every frame. */
const pixels = (at: string) => execFileSync('identify', ['-format', '%#\n', at], { encoding: 'utf8' });

describe('GIF metadata', () => {
  const original = saved(input, 'in.gif');
  it('reads the comment and the XMP packet with its location', () => {
    const blocks = readBlocks(input);
    expect(blocks.comments).toEqual(['Localkit comment']);
    expect(blocks.xmp).toHaveLength(1);
    expect(xmpHasGps(latin1(blocks.xmp[0]))).toBe(true);
    expect(latin1(blocks.xmp[0])).toMatch(/<\?xpacket end=['"]w['"]\?>$/);
  });
  it('"remove location": exiftool finds no GPS; the creator and the comment stay; the frames decode the same', () => {
    const out = stripMetadata(input, { mode: 'location', keepIcc: false });
    expect(out.removed).toEqual(['gps']);
    const at = saved(out.bytes, 'location.gif');
    const after = tags(at);
    expect(after).not.toMatch(/GPS/);
    expect(after).toMatch(/Creator\s+: LocalkitCam/);
    expect(after).toMatch(/Comment\s+: Localkit comment/);
    expect(pixels(at)).toBe(pixels(original));
  });
  it('"remove all": no XMP and no comment left; the frames decode the same', () => {
    const out = stripMetadata(input, { mode: 'all', keepIcc: false });
    expect(out.removed.sort()).toEqual(['comment', 'xmp']);
    const at = saved(out.bytes, 'all.gif');
    expect(tags(at)).not.toMatch(/XMP|Comment|GPS|Creator/);
    expect(pixels(at)).toBe(pixels(original));
    expect(readBlocks(out.bytes)).toEqual({ xmp: [], comments: [], other: [] });
  });
  it('a cut-off GIF is a translated "truncated" error', () => {
    expect(() => stripMetadata(input.subarray(0, 3000), { mode: 'all', keepIcc: false })).toThrow(ToolError);
  });
});
