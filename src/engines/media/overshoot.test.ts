import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { overshoots, predictedBitrate, probeWindow, PROBE_OVERSHOOT, segmentSeconds } from './overshoot';
import { videoPackets } from './overshoot-probe';

// An encoder standing in for the browser's: x264 at a constant quality (its rate follows the content, as the
// browser's H.264 does at its floor) with a key frame every 5 s, as mediabunny's conversion writes them.
const encode = (seek: number, seconds: number) =>
  new Uint8Array(
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30:duration=10', '-ss', String(seek), '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-g', '150', '-keyint_min', '150', '-sc_threshold', '0', '-pix_fmt', 'yuv420p', '-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4', '-']),
  );

describe('up-front overshoot probe', () => {
  it('takes two seconds from the middle, none of a short video', () => {
    expect(probeWindow(10)).toEqual({ start: 4, end: 6 });
    expect(probeWindow(600)).toEqual({ start: 299, end: 301 });
    expect(probeWindow(4)).toEqual({ start: 1, end: 3 });
    expect(probeWindow(3.9)).toBeNull();
    expect(probeWindow(Number.NaN)).toBeNull();
  });

  it("predicts a whole encode's bit rate from a window's key and delta packets (real x264 bytes)", async () => {
    const whole = await videoPackets(encode(0, 10));
    expect(whole).toHaveLength(300);
    expect(whole.filter((p) => p.key)).toHaveLength(2);
    const actual = (whole.reduce((n, p) => n + p.bytes, 0) * 8) / 10;

    const window = await videoPackets(encode(4, 2));
    expect(window).toHaveLength(60);
    expect(window[0].key).toBe(true);
    const predicted = predictedBitrate(window, 10, 30)!;
    expect(Math.abs(predicted / actual - 1)).toBeLessThan(0.1);
    // The window's own rate counts its key frame as if every 2 s held one: further off than the prediction.
    const naive = (window.reduce((n, p) => n + p.bytes, 0) * 8) / 2;
    expect(Math.abs(naive / actual - 1)).toBeGreaterThan(Math.abs(predicted / actual - 1));

    // Asked for half what it writes: overshoot; asked for what it writes: none.
    expect(overshoots(predicted, actual / 2)).toBe(true);
    expect(overshoots(predicted, actual)).toBe(false);
    expect(overshoots(predicted, predicted / PROBE_OVERSHOOT + 1)).toBe(false);
  });

  it('gives no prediction without delta frames or a length', () => {
    expect(predictedBitrate([{ bytes: 1000, key: true }], 10, 30)).toBeNull();
    expect(predictedBitrate([{ bytes: 1000, key: true }, { bytes: 10, key: false }], 0, 30)).toBeNull();
    // A key frame each 5 s of 10 s at 30 fps: 2 × 1000 + 298 × 10 bytes over 10 s.
    expect(predictedBitrate([{ bytes: 1000, key: true }, { bytes: 10, key: false }], 10, 30)).toBe(((2 * 1000 + 298 * 10) * 8) / 10);
    // Two segments of 4 and 6 s encoded apart: 1 + 2 key frames.
    expect(predictedBitrate([{ bytes: 1000, key: true }, { bytes: 10, key: false }], 10, 30, segmentSeconds([{ start: 0, end: 4 }, { start: 4 }], 10))).toBe(((3 * 1000 + 297 * 10) * 8) / 10);
    expect(segmentSeconds([], 8)).toEqual([8]);
  });
});
