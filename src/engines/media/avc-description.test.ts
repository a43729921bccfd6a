import { describe, expect, it } from 'vitest';
import { repairAvcDescription, repairMetadata, repairVideoEncoderOutput } from './avc-description';

// A High profile (0x64) level 2.2 (0x16) SPS and a PPS, as a correct encoder writes them into avcC.
const SPS = [0x67, 0x64, 0x00, 0x16, 0xac, 0xd9, 0x40, 0xa0, 0x2f, 0xf9, 0x70, 0x11];
const PPS = [0x68, 0xeb, 0xe3, 0xcb, 0x22, 0xc0];
const record = (sps: number[], pps: number[], profile = sps[1]) => new Uint8Array([1, profile, sps[2], sps[3], 0xff, 0xe1, 0, sps.length, ...sps, 1, 0, pps.length, ...pps, 0xfd, 0xf8, 0xf8, 0]);

describe('H.264 description repair', () => {
  it("removes Firefox's doubled NAL header bytes and takes profile and level from the repaired SPS", () => {
    const firefox = record([0x67, ...SPS], [0x68, ...PPS], 0x67);
    expect([...repairAvcDescription(firefox)]).toEqual([...record(SPS, PPS)]);
  });

  it('leaves a correct record as it is (the same bytes), even with a PPS that starts with two equal bytes', () => {
    const correct = record(SPS, PPS);
    expect(repairAvcDescription(correct)).toBe(correct);
    const ppsLikeDoubled = record(SPS, [0x68, 0x68, 0xce, 0x3c, 0x80]);
    expect(repairAvcDescription(ppsLikeDoubled)).toBe(ppsLikeDoubled);
  });

  it('leaves anything that is not a whole avcC record alone', () => {
    for (const bytes of [new Uint8Array(0), new Uint8Array([0, 1, 2, 3, 4, 5, 6]), record(SPS, PPS).subarray(0, 12)]) expect(repairAvcDescription(bytes)).toBe(bytes);
  });

  it('repairs only H.264 metadata, and wraps the realm’s VideoEncoder once', () => {
    const firefox = record([0x67, ...SPS], [0x68, ...PPS], 0x67);
    const meta = { decoderConfig: { codec: 'avc1.640016', description: firefox.buffer } };
    expect([...(repairMetadata(meta)!.decoderConfig!.description as Uint8Array)]).toEqual([...record(SPS, PPS)]);
    const vp9 = { decoderConfig: { codec: 'vp09.00.10.08', description: firefox } };
    expect(repairMetadata(vp9)).toBe(vp9);

    const seen: (EncodedVideoChunkMetadata | undefined)[] = [];
    class FakeEncoder {
      constructor(public init: VideoEncoderInit) {}
      emit(meta: EncodedVideoChunkMetadata) {
        this.init.output({} as EncodedVideoChunk, meta);
      }
    }
    const scope = { VideoEncoder: FakeEncoder as unknown as typeof VideoEncoder };
    repairVideoEncoderOutput(scope);
    const Wrapped = scope.VideoEncoder;
    repairVideoEncoderOutput(scope);
    expect(scope.VideoEncoder).toBe(Wrapped);
    const encoder = new scope.VideoEncoder({ output: (_c, m) => seen.push(m), error: () => {} }) as unknown as FakeEncoder;
    encoder.emit(meta);
    expect([...(seen[0]!.decoderConfig!.description as Uint8Array)]).toEqual([...record(SPS, PPS)]);
  });
});
