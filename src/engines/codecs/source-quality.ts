// The quality a JPEG or WebP was saved at, estimated from its own headers, so that an edit (a watermark) saves
// it again at about the same quality instead of a fixed one. Pure byte reading, no decoding.

/** IJG's (libjpeg's, ImageMagick's, most cameras' basis) luminance table, natural order (ITU T.81 Annex K). */
const IJG_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24,
  35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];

/** libjpeg's jpeg_quality_scaling applied to the luminance table. */
function ijgTable(quality: number): number[] {
  const scale = quality < 50 ? Math.floor(5000 / quality) : 200 - quality * 2;
  return IJG_LUMA.map((v) => Math.max(1, Math.min(255, Math.floor((v * scale + 50) / 100))));
}

/** The first quantisation table (id 0, luminance) of a JPEG, in file (zig-zag) order: its sum is all we compare. */
function jpegLumaTable(bytes: Uint8Array): number[] | null {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xdb) {
      for (let q = at + 4; q < end; ) {
        const wide = bytes[q] >> 4;
        const id = bytes[q] & 15;
        if (q + 1 + (wide ? 128 : 64) > end) return null;
        if (id === 0) return Array.from({ length: 64 }, (_, k) => (wide ? (bytes[q + 1 + 2 * k] << 8) | bytes[q + 2 + 2 * k] : bytes[q + 1 + k]));
        q += 1 + (wide ? 128 : 64);
      }
    }
    at = end;
  }
  return null;
}

/**
 * A JPEG's quality on libjpeg's 1–100 scale: the quality whose scaled IJG luminance table has the sum nearest to
 * the file's (ImageMagick's way). Exact for files from libjpeg, ImageMagick and most cameras; for other tables
 * (MozJPEG's, Photoshop's) the quality that quantises about as coarsely.
 */
export function jpegQuality(bytes: Uint8Array): number | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const table = jpegLumaTable(bytes);
  if (!table) return null;
  const sum = table.reduce((s, v) => s + v, 0);
  let best = 0;
  let bestDiff = Infinity;
  for (let q = 1; q <= 100; q++) {
    const diff = Math.abs(ijgTable(q).reduce((s, v) => s + v, 0) - sum);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = q;
    }
  }
  return best;
}

/** Whether a JPEG's chroma is subsampled (its first component sampled more than once per MCU, as in 4:2:0 or 4:2:2). */
export function jpegSubsampled(bytes: Uint8Array): boolean {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (marker >= 0xc0 && marker <= 0xc2 && at + 12 <= bytes.length) {
      const sampling = bytes[at + 11];
      return bytes[at + 9] > 1 && ((sampling >> 4) > 1 || (sampling & 15) > 1);
    }
    at += 2 + length;
  }
  return true;
}

/** VP8's boolean decoder (RFC 6386 §7), enough to read the frame header. */
class BoolReader {
  private value = 0;
  private range = 255;
  private bits = -8;
  private at: number;
  constructor(
    private readonly data: Uint8Array,
    start: number,
  ) {
    this.at = start;
  }
  private bit(prob: number): number {
    const split = 1 + (((this.range - 1) * prob) >> 8);
    if (this.bits < 0) {
      this.value = (this.value << 8) | (this.at < this.data.length ? this.data[this.at++] : 0);
      this.bits += 8;
    }
    const big = split << this.bits;
    let out = 0;
    if (this.value >= big) {
      this.range -= split;
      this.value -= big;
      out = 1;
    } else this.range = split;
    while (this.range < 128) {
      this.range <<= 1;
      this.bits--;
      if (this.bits < 0) {
        this.value = (this.value << 8) | (this.at < this.data.length ? this.data[this.at++] : 0);
        this.bits += 8;
      }
    }
    return out;
  }
  literal(n: number): number {
    let v = 0;
    while (n--) v = (v << 1) | this.bit(128);
    return v;
  }
  signed(n: number): number {
    const v = this.literal(n);
    return this.literal(1) ? -v : v;
  }
}

export type WebpSource = { lossless: true } | { lossless: false; quality: number };

/** The VP8 frame's luma AC quantiser index (0–127), the mean over its segments when they set absolute values. */
function vp8QuantIndex(bytes: Uint8Array, start: number, end: number): number | null {
  // Frame tag (3 bytes), start code 9d 01 2a, 14-bit width and height.
  if (end - start < 11 || (bytes[start] & 1) !== 0 || bytes[start + 3] !== 0x9d || bytes[start + 4] !== 0x01 || bytes[start + 5] !== 0x2a) return null;
  const r = new BoolReader(bytes.subarray(0, end), start + 10);
  r.literal(2); // colour space, clamping
  let segments: number[] | null = null;
  if (r.literal(1)) {
    const updateMap = r.literal(1);
    const updateData = r.literal(1);
    if (updateData) {
      const absolute = r.literal(1);
      const quant = [0, 1, 2, 3].map(() => (r.literal(1) ? r.signed(7) : 0));
      for (let i = 0; i < 4; i++) if (r.literal(1)) r.signed(6);
      if (absolute) segments = quant;
    }
    if (updateMap) for (let i = 0; i < 3; i++) if (r.literal(1)) r.literal(8);
  }
  r.literal(1 + 6 + 3); // filter type, level, sharpness
  if (r.literal(1) && r.literal(1)) for (let i = 0; i < 8; i++) if (r.literal(1)) r.signed(6);
  r.literal(2); // partitions
  const base = r.literal(7);
  return segments ? segments.reduce((s, q) => s + q, 0) / segments.length : base;
}

/**
 * A WebP's coding: lossless (VP8L) or lossy with its quality on libwebp's 0–100 scale, from the frame's quantiser
 * by inverting libwebp's own mapping (quant_enc.c: q = 127·(1 − c), c = linear^(1/3), linear = 2Q/3 under 0.75,
 * 2Q − 1 above), so that an estimate within a few points of the -q the file was made with.
 */
export function webpSource(bytes: Uint8Array): WebpSource | null {
  const tag = (at: number) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
  if (bytes.length < 20 || tag(0) !== 'RIFF' || tag(8) !== 'WEBP') return null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = bytes[at + 4] | (bytes[at + 5] << 8) | (bytes[at + 6] << 16) | (bytes[at + 7] << 24);
    const body = at + 8;
    const end = Math.min(bytes.length, body + size);
    if (tag(at) === 'VP8L') return { lossless: true };
    if (tag(at) === 'VP8 ') {
      const qi = vp8QuantIndex(bytes, body, end);
      if (qi === null) return null;
      const linear = Math.pow(1 - qi / 127, 3);
      const q = linear < 0.5 ? linear * 1.5 : (linear + 1) / 2;
      return { lossless: false, quality: Math.max(1, Math.min(100, Math.round(q * 100))) };
    }
    at = body + size + (size & 1);
  }
  return null;
}
