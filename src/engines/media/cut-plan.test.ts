import { readFileSync } from 'node:fs';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { describe, expect, it } from 'vitest';
import { audioSegmentOf, inPresentationOrder, planExactCut, planVideoCut, segmentOffsets, type PacketInfo } from './cut-plan';

// gop.mp4: H.264 at 10 fps, a key frame every 10 pictures (0 s, 1 s, 2 s), two B-frames, AAC sound; made with
// ffmpeg -f lavfi -i testsrc=size=160x90:rate=10:duration=3 ... -c:v libx264 -g 10 -bf 2 -c:a aac
async function videoPackets(name = 'gop.mp4'): Promise<PacketInfo[]> {
  const bytes = readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  if (!track) throw new Error('no video');
  const out: PacketInfo[] = [];
  for await (const p of new EncodedPacketSink(track).packets(undefined, undefined, { metadataOnly: true })) out.push({ timestamp: p.timestamp, duration: p.duration, key: p.type === 'key' });
  return out;
}

describe('planVideoCut on a real H.264 stream with B-frames', () => {
  it('starts on the key frame before the typed start and ends before the typed end', async () => {
    const packets = await videoPackets();
    expect(packets.filter((p) => p.key).map((p) => p.timestamp)).toEqual([0, 1, 2]);
    const [seg] = planVideoCut(packets, [{ start: 1.25, end: 1.75 }]);
    expect(seg.start).toBe(1);
    expect(seg.end).toBeCloseTo(1.7, 6);
    const shown = seg.indices.map((i) => packets[i].timestamp).sort((a, b) => a - b);
    // Pictures 1.0 .. 1.6: a decode-order prefix of the GOP (1.3 is decoded before 1.1 and 1.2).
    expect(shown.map((t) => Math.round(t * 10))).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(seg.indices).toEqual([...seg.indices].sort((a, b) => a - b));
  });

  it('joins pieces that share a key frame and never copies a packet twice', async () => {
    const packets = await videoPackets();
    const segs = planVideoCut(packets, [
      { start: 0.2, end: 0.5 },
      { start: 0.6, end: 1.5 },
      { start: 2.1, end: 3 },
    ]);
    expect(segs.map((s) => s.start)).toEqual([0, 2]);
    const all = segs.flatMap((s) => s.indices);
    expect(new Set(all).size).toBe(all.length);
    expect(segs[1].end).toBeCloseTo(3, 6);
    expect(segmentOffsets(segs)).toEqual([0, segs[0].end - 2]);
  });

  it('puts audio packets in the piece their start falls in', () => {
    const segs = [
      { start: 0, end: 1 },
      { start: 2, end: 3 },
    ];
    expect([0, 0.99, 1, 1.5, 2, 2.5, 3].map((t) => audioSegmentOf(t, segs))).toEqual([0, 0, -1, -1, 1, 1, -1]);
  });
});

// gop.webm: VP9 at 10 fps, key frames at 0.007 s and 1.007 s (Opus pre-skip), Opus sound; made with
// ffmpeg -f lavfi -i testsrc=size=160x90:rate=10:duration=2 ... -c:v libvpx-vp9 -g 10 -keyint_min 10 -c:a libopus
describe('planExactCut on a real VP9 stream', () => {
  it('re-encodes from the typed start to the next key frame and copies from there to the typed end', async () => {
    const packets = await videoPackets('gop.webm');
    expect(inPresentationOrder(packets)).toBe(true);
    expect(inPresentationOrder(await videoPackets())).toBe(false);
    const [seg] = planExactCut(packets, [{ start: 0.45, end: 1.55 }]);
    expect(seg.decodeFrom).toBe(0);
    // Pictures 0.507 .. 0.907 re-encoded (decoded from 0.007), 1.007 .. 1.507 copied.
    expect(seg.reencode).toEqual([5, 6, 7, 8, 9]);
    expect(seg.indices).toEqual([10, 11, 12, 13, 14, 15]);
    expect(seg.start).toBeCloseTo(0.507, 6);
    expect(seg.end).toBeCloseTo(1.607, 6);
  });

  it('copies a piece that starts on a key frame, re-encodes one that ends before the next, and never shares a packet', async () => {
    const packets = await videoPackets('gop.webm');
    const segs = planExactCut(packets, [
      { start: 0.2, end: 0.4 },
      { start: 0.6, end: 1.2 },
      { start: 1.3, end: 9 },
    ]);
    expect(segs.map((s) => s.reencode)).toEqual([[2, 3], [6, 7, 8, 9], [13, 14, 15, 16, 17, 18, 19]]);
    expect(segs.map((s) => s.indices)).toEqual([[], [10, 11], []]);
    const all = segs.flatMap((s) => [...s.reencode, ...s.indices]);
    expect(new Set(all).size).toBe(all.length);
    const [onKey] = planExactCut(packets, [{ start: 1, end: 1.3 }]);
    expect(onKey.reencode).toEqual([]);
    expect(onKey.indices).toEqual([10, 11, 12]);
    expect(onKey.start).toBeCloseTo(1.007, 6);
    // A range between two pictures keeps nothing.
    expect(planExactCut(packets, [{ start: 0.51, end: 0.6 }])).toEqual([]);
  });
});

describe('planExactCut on a real H.264 stream with B-frames', () => {
  it('re-encodes the head in presentation order, copies a closed decode-order prefix, and re-encodes the B-frames after it as a tail', async () => {
    const packets = await videoPackets();
    const times = (indices: number[]) => indices.map((i) => Math.round(packets[i].timestamp * 10));
    const [seg] = planExactCut(packets, [{ start: 0.45, end: 1.55 }]);
    expect(seg.decodeFrom).toBe(0);
    expect(times(seg.reencode)).toEqual([5, 6, 7, 8, 9]);
    // Copied in decode order from the key frame at 1.0 s: 1.0, 1.3, 1.1, 1.2; then 1.6 is decoded before 1.4 and 1.5.
    expect(times(seg.indices)).toEqual([10, 13, 11, 12]);
    expect(times(seg.tail)).toEqual([14, 15]);
    expect(seg.start).toBeCloseTo(0.5, 6);
    expect(seg.end).toBeCloseTo(1.6, 6);
    // An end before 1.3: only the key frame can be copied, 1.1 and 1.2 come after 1.3 in decode order.
    const [short] = planExactCut(packets, [{ start: 1, end: 1.25 }]);
    expect([short.reencode, times(short.indices), times(short.tail)]).toEqual([[], [10], [11, 12]]);
  });
});
