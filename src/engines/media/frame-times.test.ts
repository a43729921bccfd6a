import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { frameName, frameTimes, MAX_FRAMES, splitPngStream } from './frame-times';

describe('frame times', () => {
  it('takes one time inside the video, or says it is past the end', () => {
    expect(frameTimes({ at: 1.5 }, 2)).toEqual({ times: [1.5] });
    expect(frameTimes({ at: 2 }, 2)).toEqual({ error: 'video-frames:errors.pastEnd', params: { time: 2, duration: 2 } });
  });
  it('takes every N seconds from 0, exact multiples, and refuses too many', () => {
    expect(frameTimes({ every: 0.5 }, 2)).toEqual({ times: [0, 0.5, 1, 1.5] });
    expect(frameTimes({ every: 0.7 }, 2)).toEqual({ times: [0, 0.7, 1.4] });
    const tenths = frameTimes({ every: 0.1 }, 3.05);
    expect('times' in tenths && tenths.times[30]).toBe(3);
    expect(frameTimes({ every: 0.001 }, 3600)).toMatchObject({ error: 'video-frames:errors.tooMany', params: { max: MAX_FRAMES } });
    expect(frameTimes({ every: 0 }, 2)).toEqual({ error: 'video-frames:errors.badInterval' });
  });
  it('names a picture after its video and time', () => {
    expect(frameName('clip.mp4', 1.5, 'png')).toBe('clip-00-01.500.png');
    expect(frameName('a.b.mov', 3723.25, 'jpg')).toBe('a.b-01-02-03.250.jpg');
  });
  it("splits ffmpeg's PNG stream into whole pictures", () => {
    // Three real PNGs from ffmpeg's image2pipe (ImageMagick reads each one back).
    const stream = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=3:duration=1', '-f', 'image2pipe', '-c:v', 'png', '-']);
    const parts = splitPngStream(new Uint8Array(stream));
    expect(parts).toHaveLength(3);
    expect(parts.reduce((n, p) => n + p.length, 0)).toBe(stream.length);
    for (const part of parts) expect(execFileSync('identify', ['-format', '%m %wx%h', 'png:-'], { input: part }).toString()).toBe('PNG 64x48');
  });
});
