// Firefox's H.264 encoder writes each SPS and PPS into the avcC record (the track's decoder description) with
// its NAL header byte twice (67 67 64 00 16 … instead of 67 64 00 16 …). Decoders that take the parameters from
// avcC read a broken SPS (ffmpeg: "sps_id out of range", then it falls back to the in-band copies; stricter
// players refuse the file). The encoder's output is repaired before any muxer sees it.

import { bytesOf } from '../../lib/buffer-source';

const SPS = 7;
const PPS = 8;
const nalType = (b: number) => b & 0x1f;

/** The parameter set without its doubled header byte, when the encoder doubled it; otherwise the same bytes. */
const undoubled = (nal: Uint8Array, type: number) => (nal.length > 2 && nal[0] === nal[1] && nalType(nal[0]) === type ? nal.subarray(1) : nal);

/** An avcC record with doubled NAL header bytes removed and its profile and level bytes read from the repaired SPS. */
export function repairAvcDescription(avcc: Uint8Array): Uint8Array {
  if (avcc.length < 7 || avcc[0] !== 1) return avcc;
  const sets: { nals: Uint8Array[]; countByte: number }[] = [];
  let at = 5;
  const readSets = (countMask: number) => {
    const countByte = avcc[at++];
    const nals: Uint8Array[] = [];
    for (let i = 0; i < (countByte & countMask); i++) {
      const length = (avcc[at] << 8) | avcc[at + 1];
      if (at + 2 + length > avcc.length) return false;
      nals.push(avcc.subarray(at + 2, at + 2 + length));
      at += 2 + length;
    }
    sets.push({ nals, countByte });
    return true;
  };
  if (!readSets(0x1f) || at >= avcc.length || !readSets(0xff)) return avcc;
  const [sps, pps] = sets;
  // Only the encoder that doubles the SPS's header is repaired: a PPS may begin with two equal bytes on its own.
  if (!sps.nals.some((nal) => undoubled(nal, SPS) !== nal)) return avcc;
  const fixedSps = sps.nals.map((nal) => undoubled(nal, SPS));
  const fixedPps = pps.nals.map((nal) => undoubled(nal, PPS));
  const body = (nals: Uint8Array[]) => nals.flatMap((nal) => [nal.length >> 8, nal.length & 0xff, ...nal]);
  const first = fixedSps[0];
  return new Uint8Array([1, first[1], first[2], first[3], avcc[4], sps.countByte, ...body(fixedSps), pps.countByte, ...body(fixedPps), ...avcc.subarray(at)]);
}

/** The encoder's metadata with an H.264 description repaired (the same object when nothing needed it). */
export function repairMetadata(meta: EncodedVideoChunkMetadata | undefined): EncodedVideoChunkMetadata | undefined {
  const config = meta?.decoderConfig;
  if (!config?.description || !/^avc[13]\./.test(config.codec)) return meta;
  const before = bytesOf(config.description as AllowSharedBufferSource);
  const after = repairAvcDescription(before);
  return after === before ? meta : { ...meta, decoderConfig: { ...config, description: after } };
}

/** Makes this realm's VideoEncoder hand out repaired descriptions (the muxers, ours and mediabunny's, take them from there). */
export function repairVideoEncoderOutput(scope: { VideoEncoder?: typeof VideoEncoder } = globalThis): void {
  const Native = scope.VideoEncoder;
  if (!Native || 'repairsAvcDescription' in Native) return;
  scope.VideoEncoder = class extends Native {
    static readonly repairsAvcDescription = true;
    constructor(init: VideoEncoderInit) {
      super({ ...init, output: (chunk, meta) => init.output(chunk, repairMetadata(meta)) });
    }
  };
}
