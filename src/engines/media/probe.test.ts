import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeMedia } from './convert';

const fixture = (name: string) => {
  const bytes = readFileSync(path.join(__dirname, 'fixtures', name));
  return Object.assign(new Blob([bytes]), { name });
};

describe('probeMedia on the committed clips', () => {
  it('reads container, codecs, size, frame rate and duration', async () => {
    const { probe, input } = await probeMedia(fixture('clip.mp4'));
    input?.dispose();
    expect(probe).toMatchObject({ readable: true, container: 'MP4', video: { codec: 'avc', width: 320, height: 240 }, audio: { codec: 'aac', sampleRate: 48000, channels: 2 } });
    expect(probe.duration).toBeCloseTo(2, 1);
    expect(probe.video?.fps).toBeCloseTo(30, 0);
    const webm = await probeMedia(fixture('clip.webm'));
    webm.input?.dispose();
    expect(webm.probe).toMatchObject({ container: 'WebM', video: { codec: 'vp9' }, audio: { codec: 'opus' } });
    const wav = await probeMedia(fixture('tone.wav'));
    wav.input?.dispose();
    expect(wav.probe).toMatchObject({ container: 'WAVE', audio: { codec: 'pcm-s16', sampleRate: 44100, channels: 2 } });
    expect(wav.probe.video).toBeUndefined();
  });

  it('marks AVI and non-media files unreadable (keeping the extension for the planner), finds no track in a corrupt MP4', async () => {
    expect((await probeMedia(fixture('clip.avi'))).probe).toEqual({ readable: false, container: 'avi' });
    expect((await probeMedia(fixture('not-video.webm'))).probe).toEqual({ readable: false, container: 'webm' });
    // Its header survives, its tracks do not: the planner turns "no track at all" into the unreadable error.
    const corrupt = await probeMedia(fixture('corrupt.mp4'));
    corrupt.input?.dispose();
    expect(corrupt.probe.video).toBeUndefined();
    expect(corrupt.probe.audio).toBeUndefined();
  });

  it('leaves MPEG-TS to ffmpeg.wasm whatever its name (mediabunny lost a camera M2TS sound track), as a camera writes it', async () => {
    // Debian's ffmpeg writes 1 s of H.264 + AAC in 192-byte M2TS packets to stdout.
    const m2ts = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=1', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:v', 'libx264', '-c:a', 'aac', '-shortest', '-f', 'mpegts', '-mpegts_m2ts_mode', '1', 'pipe:1'], { maxBuffer: 1 << 24 });
    for (const name of ['camera.m2ts', 'camera.mts', 'clip.ts', 'renamed.mp4']) {
      expect((await probeMedia(Object.assign(new Blob([m2ts]), { name }))).probe, name).toEqual({ readable: false, container: 'ts' });
    }
  });
});
