// Animated WebP from still WebP frames (each encoded by libwebp through jSquash): the RIFF container of
// Google's "WebP Container Specification" — VP8X with the animation flag, ANIM, then one ANMF per frame
// holding that frame's ALPH/VP8/VP8L chunks. libwebp's own WebPAnimEncoder is not in jSquash's build, and
// muxing is only a few chunk headers (node-webpmux does the same but leans on Node's Buffer and fs).
import { concatBytes as concat } from '../../lib/png-chunks';

export interface WebpFrame {
  /** A complete still WebP file of the full canvas size. */
  webp: Uint8Array;
  /** Milliseconds. */
  duration: number;
}

interface Chunk {
  fourcc: string;
  /** The payload, without header and padding. */
  data: Uint8Array;
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);

/** The chunks of a WebP file (after "RIFF size WEBP"). Throws on anything that is not a WebP. */
export function webpChunks(file: Uint8Array): Chunk[] {
  if (file.length < 12 || ascii(file, 0) !== 'RIFF' || ascii(file, 8) !== 'WEBP') throw new Error('not a WebP file');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const chunks: Chunk[] = [];
  for (let at = 12; at + 8 <= file.length; ) {
    const size = view.getUint32(at + 4, true);
    if (at + 8 + size > file.length) throw new Error('truncated WebP chunk');
    chunks.push({ fourcc: ascii(file, at), data: file.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size & 1);
  }
  return chunks;
}

export function chunkBytes(fourcc: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length & 1));
  for (let i = 0; i < 4; i++) out[i] = fourcc.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

function uint24(out: Uint8Array, at: number, value: number): void {
  out[at] = value & 0xff;
  out[at + 1] = (value >> 8) & 0xff;
  out[at + 2] = (value >> 16) & 0xff;
}


const MAX_24 = 0xffffff;

/**
 * One animated WebP. Every frame covers the whole canvas and replaces it (no blending, no disposal), as the
 * frames a browser's ImageDecoder gives are already composited. `loops` 0 = forever.
 */
export function muxAnimatedWebp(frames: WebpFrame[], width: number, height: number, options: { loops?: number; alpha: boolean }): Uint8Array {
  if (frames.length === 0) throw new Error('no frames');
  if (width < 1 || height < 1 || width > MAX_24 + 1 || height > MAX_24 + 1) throw new Error('canvas size out of range');
  const vp8x = new Uint8Array(10);
  const ALPHA = 0x10;
  const ANIMATION = 0x02;
  vp8x[0] = ANIMATION | (options.alpha ? ALPHA : 0);
  uint24(vp8x, 4, width - 1);
  uint24(vp8x, 7, height - 1);

  const anim = new Uint8Array(6); // background colour 0 (transparent black, BGRA), loop count
  new DataView(anim.buffer).setUint16(4, Math.max(0, Math.min(0xffff, options.loops ?? 0)), true);

  const body: Uint8Array[] = [chunkBytes('VP8X', vp8x), chunkBytes('ANIM', anim)];
  for (const frame of frames) {
    const image = webpChunks(frame.webp).filter((c) => c.fourcc === 'ALPH' || c.fourcc === 'VP8 ' || c.fourcc === 'VP8L');
    if (!image.some((c) => c.fourcc !== 'ALPH')) throw new Error('a frame has no image data');
    const header = new Uint8Array(16);
    // X and Y offsets 0 (stored halved), then width − 1, height − 1, duration, flags.
    uint24(header, 6, width - 1);
    uint24(header, 9, height - 1);
    uint24(header, 12, Math.max(0, Math.min(MAX_24, Math.round(frame.duration))));
    const DO_NOT_BLEND = 0x02;
    header[15] = DO_NOT_BLEND;
    body.push(chunkBytes('ANMF', concat([header, ...image.map((c) => chunkBytes(c.fourcc, c.data))])));
  }
  const payload = concat(body);
  const riff = new Uint8Array(12);
  riff.set([0x52, 0x49, 0x46, 0x46]); // RIFF
  new DataView(riff.buffer).setUint32(4, 4 + payload.length, true);
  riff.set([0x57, 0x45, 0x42, 0x50], 8); // WEBP
  return concat([riff, payload]);
}
