import { describe, expect, it } from 'vitest';
import { MAX_SEGMENTS, placeSegment, sameTrackConfig, segmentCount, splitAtKeyFrames, type JoinablePacket } from './segments';

/** Frame times of `seconds` at `fps`, and the key frames every `gop` frames. */
function clip(seconds: number, fps: number, gop: number): { frames: number[]; keys: number[] } {
  const frames = Array.from({ length: Math.round(seconds * fps) }, (_, i) => i / fps);
  return { frames, keys: frames.filter((_, i) => i % gop === 0) };
}

describe('segmentCount', () => {
  it('is one per core up to the cap, fewer for short inputs and one for a very short one', () => {
    expect(segmentCount(2, 10)).toBe(2);
    expect(segmentCount(16, 600)).toBe(MAX_SEGMENTS);
    expect(segmentCount(8, 7)).toBe(2);
    expect(segmentCount(8, 2)).toBe(1);
    expect(segmentCount(undefined, 60)).toBe(1);
    expect(segmentCount(1, 60)).toBe(1);
  });
});

describe('splitAtKeyFrames', () => {
  it('cuts at the key frames nearest to even shares, and every frame is in exactly one segment', () => {
    const { frames, keys } = clip(10, 30, 30);
    const segments = splitAtKeyFrames(frames, keys, 2);
    expect(segments.map((s) => [s.start, s.end])).toEqual([
      [0, 5],
      [5, undefined],
    ]);
    expect(segments.map((s) => s.frames)).toEqual([150, 150]);
    const four = splitAtKeyFrames(frames, keys, 4);
    expect(four.every((s) => keys.includes(s.start))).toBe(true);
    expect(four.reduce((n, s) => n + s.frames, 0)).toBe(300);
    for (let i = 1; i < four.length; i++) expect(four[i].start).toBe(four[i - 1].end);
  });

  it('takes the nearest key frame when none is at the even share', () => {
    const { frames } = clip(12, 25, 1);
    // Key frames at 0, 4.2 and 9.
    const segments = splitAtKeyFrames(frames, [0, 4.2, 9], 2);
    expect(segments.map((s) => s.start)).toEqual([0, 4.2]);
    expect(segments[0].frames + segments[1].frames).toBe(300);
  });

  it('gives fewer segments where key frames are too far apart, and one for a single key frame', () => {
    const { frames } = clip(10, 30, 1);
    expect(splitAtKeyFrames(frames, [0], 4)).toEqual([{ start: 0, end: undefined, frames: 300 }]);
    // A key frame 1 s before the end would leave a segment under the minimum.
    expect(splitAtKeyFrames(frames, [0, 9], 2)).toHaveLength(1);
    expect(splitAtKeyFrames(frames, [0, 5, 6, 7], 4).map((s) => s.start)).toEqual([0, 5]);
  });

  it('opens on the first frame when the input does not start at zero, and takes frames in any order', () => {
    const { frames, keys } = clip(10, 30, 60);
    const shifted = frames.map((t) => t + 0.5).reverse();
    const segments = splitAtKeyFrames(shifted, keys.map((t) => t + 0.5), 2);
    expect(segments[0].start).toBe(0.5);
    // Key frames at 0.5, 2.5, 4.5…; half of the time is at 5.23 s, nearest key frame 4.5 s.
    expect(segments[1].start).toBe(4.5);
    expect(splitAtKeyFrames([], [], 2)).toEqual([]);
  });
});

describe('joining segments', () => {
  const packets = (n: number, fps = 30): JoinablePacket[] => Array.from({ length: n }, (_, i) => ({ type: i === 0 ? 'key' : 'delta', timestamp: i / fps, duration: 1 / fps }));
  const info = { codec: 'avc1.64001f', codedWidth: 1280, codedHeight: 720, description: new Uint8Array([1, 100, 0, 31]), rotation: 0 };

  it('puts each segment at its start on the timeline, continuous with the one before', () => {
    const a = placeSegment(packets(150), 0, undefined);
    const b = placeSegment(packets(150), 5, a.end);
    expect(a.end).toBeCloseTo(5, 9);
    expect(b.packets[0].timestamp).toBe(5);
    expect(b.end).toBeCloseTo(10, 9);
    // One frame duration between every pair of neighbouring frames across the join.
    const all = [...a.packets, ...b.packets].map((p) => p.timestamp);
    for (let i = 1; i < all.length; i++) expect(all[i] - all[i - 1]).toBeCloseTo(1 / 30, 9);
  });

  it('refuses a segment that does not open on a key frame, an empty one, and one that overlaps the last', () => {
    const delta = packets(10).map((p) => ({ ...p, type: 'delta' as const }));
    expect(() => placeSegment(delta, 0, undefined)).toThrow(/key frame/);
    expect(() => placeSegment([], 0, undefined)).toThrow(/no frames/);
    expect(() => placeSegment(packets(10), 4, 5)).toThrow(/overlap/);
  });

  it('joins only segments with one decoder configuration', () => {
    expect(sameTrackConfig(info, { ...info, description: new Uint8Array([1, 100, 0, 31]) })).toBe(true);
    expect(sameTrackConfig(info, { ...info, description: new Uint8Array([1, 100, 0, 40]) })).toBe(false);
    expect(sameTrackConfig(info, { ...info, codec: 'avc1.640028' })).toBe(false);
    expect(sameTrackConfig(info, { ...info, codedHeight: 736 })).toBe(false);
    expect(sameTrackConfig(info, { ...info, rotation: 90 })).toBe(false);
    expect(sameTrackConfig({ ...info, description: undefined }, { ...info, description: undefined })).toBe(true);
  });
});
