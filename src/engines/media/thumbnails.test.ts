import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { streamTimes } from '../../lib/testing/streamTimes';
import { slotTimes, videoTimeline } from './thumbnails';

describe('slotTimes', () => {
  it('takes each slot from the middle of its stretch of the timeline, after the first timestamp', () => {
    expect(slotTimes(30, 3)).toEqual([5, 15, 25]);
    expect(slotTimes(10, 4, 0.5)).toEqual([1.75, 4.25, 6.75, 9.25]);
  });
});

describe('videoTimeline (for a video the player cannot open)', () => {
  it("gives an MPEG-TS's length on ffmpeg's clock (from its earliest stream) and its aspect; null for AVI", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'timeline-'));
    try {
      const ts = path.join(dir, 'camera.ts');
      const avi = path.join(dir, 'old.avi');
      // Pictures 0.3 s after the sound, the clock not at 0 (as cameras write).
      execFileSync('ffmpeg', ['-v', 'error', '-itsoffset', '0.3', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=duration=4.3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mpegts', '-y', ts]);
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2', '-c:v', 'mpeg4', '-y', avi]);
      const timeline = await videoTimeline(new Blob([readFileSync(ts)]));
      const judged = streamTimes(ts);
      expect(timeline!.aspect).toBeCloseTo(16 / 9, 6);
      expect(Math.abs(timeline!.duration - judged.end)).toBeLessThanOrEqual(1 / 25);
      expect(await videoTimeline(new Blob([readFileSync(avi)]))).toBeNull();
      expect(await videoTimeline(new Blob([]))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
