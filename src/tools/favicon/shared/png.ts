import { unzlibSync, zlibSync } from 'fflate';
import { concatBytes, crc32, ihdr, pngChunk as chunk, PNG_SIGNATURE } from '../../../lib/png-chunks';

/** Straight (not premultiplied) 8-bit RGBA pixels, row by row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export { crc32, PNG_SIGNATURE };

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

export function isOpaque(image: RgbaImage): boolean {
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 255) return false;
  return true;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Filters one row with the given PNG filter type into out (without the type byte). */
function filterRow(type: number, row: Uint8Array, prev: Uint8Array | null, bpp: number, out: Uint8Array): void {
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp] : 0;
    const b = prev ? prev[i] : 0;
    const c = prev && i >= bpp ? prev[i - bpp] : 0;
    const x = row[i];
    out[i] = type === 0 ? x : type === 1 ? x - a : type === 2 ? x - b : type === 3 ? x - ((a + b) >> 1) : x - paeth(a, b, c);
  }
}

/**
 * Encodes RGBA pixels as a PNG: RGB (colour type 2) when every pixel is opaque, RGBA (6) otherwise.
 * Each row takes the filter with the smallest sum of absolute differences (libpng's heuristic).
 */
export function encodePng(image: RgbaImage): Uint8Array {
  const { width, height, data } = image;
  if (width < 1 || height < 1 || data.length !== width * height * 4) throw new Error('encodePng: bad image');
  const opaque = isOpaque(image);
  const bpp = opaque ? 3 : 4;
  const stride = width * bpp;
  const raw = new Uint8Array((stride + 1) * height);
  const candidate = new Uint8Array(stride);
  let prev: Uint8Array | null = null;
  for (let y = 0; y < height; y++) {
    const row = new Uint8Array(stride);
    for (let x = 0; x < width; x++) for (let c = 0; c < bpp; c++) row[x * bpp + c] = data[(y * width + x) * 4 + c];
    let best = 0;
    let bestScore = Infinity;
    for (let type = 0; type < 5; type++) {
      filterRow(type, row, prev, bpp, candidate);
      let score = 0;
      for (let i = 0; i < stride; i++) score += candidate[i] < 128 ? candidate[i] : 256 - candidate[i];
      if (score < bestScore) {
        bestScore = score;
        best = type;
      }
    }
    filterRow(best, row, prev, bpp, candidate);
    raw[y * (stride + 1)] = best;
    raw.set(candidate, y * (stride + 1) + 1);
    prev = row;
  }
  return concatBytes([PNG_SIGNATURE, chunk('IHDR', ihdr(width, height, !opaque)), chunk('IDAT', zlibSync(raw, { level: 9 })), chunk('IEND', new Uint8Array())]);
}

interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

/** Reads the IHDR of a PNG (throws on anything that is not one). */
export function readPngHeader(bytes: Uint8Array): PngHeader {
  if (!isPng(bytes) || bytes.length < 33) throw new Error('not a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') throw new Error('PNG without IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20), bitDepth: bytes[24], colorType: bytes[25], interlace: bytes[28] };
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Decodes 8-bit, non-interlaced PNGs of every colour type to RGBA (enough for our own files and canvas output). */
export function decodePng(bytes: Uint8Array): RgbaImage {
  const header = readPngHeader(bytes);
  const { width, height, bitDepth, colorType, interlace } = header;
  const channels = CHANNELS[colorType];
  if (bitDepth !== 8 || !channels || interlace !== 0) throw new Error(`unsupported PNG (depth ${bitDepth}, type ${colorType}, interlace ${interlace})`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const idat: Uint8Array[] = [];
  let palette: Uint8Array | undefined;
  let trns: Uint8Array | undefined;
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (offset + 12 + length > bytes.length) throw new Error('truncated PNG');
    if (crc32(bytes, offset + 4, offset + 8 + length) !== view.getUint32(offset + 8 + length)) throw new Error(`bad CRC in ${type}`);
    if (type === 'IDAT') idat.push(data);
    else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') trns = data;
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const joined = new Uint8Array(idat.reduce((s, d) => s + d.length, 0));
  let at = 0;
  for (const d of idat) {
    joined.set(d, at);
    at += d.length;
  }
  const raw = unzlibSync(joined);
  const stride = width * channels;
  if (raw.length < (stride + 1) * height) throw new Error('truncated PNG data');
  const out = new Uint8ClampedArray(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)];
    const row = raw.slice(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? row[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      const add = type === 0 ? 0 : type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : type === 4 ? paeth(a, b, c) : -1;
      if (add < 0) throw new Error(`bad PNG filter ${type}`);
      row[i] = (row[i] + add) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const p = x * channels;
      if (colorType === 6) out.set(row.subarray(p, p + 4), o);
      else if (colorType === 2) out.set([row[p], row[p + 1], row[p + 2], 255], o);
      else if (colorType === 0) out.set([row[p], row[p], row[p], 255], o);
      else if (colorType === 4) out.set([row[p], row[p], row[p], row[p + 1]], o);
      else {
        const idx = row[p];
        if (!palette || idx * 3 + 2 >= palette.length) throw new Error('bad PNG palette index');
        out.set([palette[idx * 3], palette[idx * 3 + 1], palette[idx * 3 + 2], trns && idx < trns.length ? trns[idx] : 255], o);
      }
    }
    prev = row;
  }
  return { width, height, data: out };
}
