import { describe, expect, it } from 'vitest';
import { audioPacketPlace, clipTimeline, frameTimes, joinVerdict, placeAudioPiece, type ClipStreams } from './merge-plan';

const avcC = (n: number) => new Uint8Array([1, 0x64, 0, 0x1e, 0xff, 0xe1, n]);
const clip = (over: Partial<ClipStreams> = {}, video: Partial<ClipStreams['video']> = {}): ClipStreams => ({
  videoCodec: 'avc',
  video: { codec: 'avc1.64001e', codedWidth: 160, codedHeight: 120, rotation: 0, description: avcC(1), ...video },
  audio: { codec: 'aac', sampleRate: 48000, channels: 2, config: 'mp4a.40.2', description: new Uint8Array([0x11, 0x90]) },
  ...over,
});

describe('joinVerdict', () => {
  it('copies packets when every stream matches byte for byte', () => {
    expect(joinVerdict([clip(), clip(), clip()])).toEqual({ copy: true });
    expect(joinVerdict([clip({ audio: null }), clip({ audio: null })])).toEqual({ copy: true });
  });
  it('names the first difference that forces a re-encode', () => {
    expect(joinVerdict([clip(), clip({ videoCodec: 'vp9' }, { codec: 'vp09.00.10.08', description: undefined })])).toEqual({ copy: false, reason: 'videoCodec' });
    expect(joinVerdict([clip(), clip({}, { codedWidth: 320 })])).toEqual({ copy: false, reason: 'size' });
    expect(joinVerdict([clip(), clip({}, { rotation: 90 })])).toEqual({ copy: false, reason: 'size' });
    expect(joinVerdict([clip(), clip({}, { description: avcC(2) })])).toEqual({ copy: false, reason: 'videoConfig' });
    expect(joinVerdict([clip(), clip({}, { codec: 'avc1.640020' })])).toEqual({ copy: false, reason: 'videoConfig' });
    expect(joinVerdict([clip(), clip({ audio: null })])).toEqual({ copy: false, reason: 'audioMissing' });
    expect(joinVerdict([clip({ audio: null }), clip()])).toEqual({ copy: false, reason: 'audioMissing' });
    const a = clip().audio!;
    expect(joinVerdict([clip(), clip({ audio: { ...a, sampleRate: 44100 } })])).toEqual({ copy: false, reason: 'audioFormat' });
    expect(joinVerdict([clip(), clip({ audio: { ...a, channels: 1 } })])).toEqual({ copy: false, reason: 'audioFormat' });
    expect(joinVerdict([clip(), clip({ audio: { ...a, description: new Uint8Array([0x12, 0x10]) } })])).toEqual({ copy: false, reason: 'audioFormat' });
    expect(joinVerdict([clip(), clip({ audio: { ...a, codec: 'opus', config: 'opus' } })])).toEqual({ copy: false, reason: 'audioFormat' });
  });
});

describe('clipTimeline', () => {
  it('puts each clip where the previous one ends, whatever its own first timestamp', () => {
    const t = clipTimeline([
      { start: 0, end: 1.5 },
      { start: 0.08, end: 2.08 },
      { start: 10, end: 10.5 },
    ]);
    expect(t.at).toEqual([0, 1.5, 3.5]);
    expect(t.shift[0]).toBe(0);
    expect(t.shift[1]).toBeCloseTo(1.42, 12);
    expect(t.shift[2]).toBeCloseTo(-6.5, 12);
    expect(t.duration).toBeCloseTo(4, 12);
  });
});

describe('audioPacketPlace', () => {
  const span = { start: 0.04, end: 1.04 };
  const d = 1024 / 48000;
  it('starts each clip sound with its first frame and ends it with its last', () => {
    // The priming packet (before the first frame) is left out; one that mostly lies inside is kept at 0.
    expect(audioPacketPlace(0.04 - d, d, span)).toBeNull();
    expect(audioPacketPlace(0.04 - d / 4, d, span)).toBe(0);
    expect(audioPacketPlace(0.5, d, span)).toBeCloseTo(0.46, 12);
    // The tail past the last frame is left out: the next clip's sound starts there.
    expect(audioPacketPlace(1.04 - d / 4, d, span)).toBeNull();
    expect(audioPacketPlace(1.04 - d, d, span)).toBeCloseTo(1 - d, 12);
  });
});

describe('placeAudioPiece', () => {
  it('fills a gap before a piece with silence', () => {
    expect(placeAudioPiece(1.5, 4800, 48000, 1, 3)).toEqual({ silence: 0.5, skip: 0, keep: 4800 });
  });
  it('skips what is already covered and stops at the clip end', () => {
    expect(placeAudioPiece(0.9, 48000, 48000, 1, 1.5)).toEqual({ silence: 0, skip: 4800, keep: 24000 });
    expect(placeAudioPiece(2, 1024, 48000, 2, 2)).toEqual({ silence: 0, skip: 0, keep: 0 });
  });
  it('treats a gap under one sample as rounding', () => {
    expect(placeAudioPiece(1 + 1e-6, 100, 44100, 1, 2).silence).toBe(0);
  });
});

describe('frameTimes', () => {
  it('counts output frames over the clip and samples the middle of each', () => {
    const f = frameTimes({ start: 0.5, end: 2.5 }, 25);
    expect(f.count).toBe(50);
    expect(f.sourceTime(0)).toBeCloseTo(0.52, 12);
    expect(f.sourceTime(49)).toBeCloseTo(2.48, 12);
    expect(frameTimes({ start: 0, end: 0.001 }, 30).count).toBe(1);
  });
});
