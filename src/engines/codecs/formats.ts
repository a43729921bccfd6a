// Image formats by content, never by file name: a .jpg that is really a PNG is a PNG.

export type InputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'bmp' | 'heic';
/** JPEG XL is written, never read: no browser but Safari decodes it, so nobody has one to drop in yet. */
export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'jxl';

export const MIME: Record<InputFormat | OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  bmp: 'image/bmp',
  heic: 'image/heic',
  jxl: 'image/jxl',
};

export const EXTENSION: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif', jxl: 'jxl' };

export const LABEL: Record<InputFormat | OutputFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF', gif: 'GIF', bmp: 'BMP', heic: 'HEIC', jxl: 'JPEG XL' };

function ascii(bytes: Uint8Array, at: number, length: number): string {
  let s = '';
  for (let i = at; i < at + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

/** A JPEG XL file: a bare codestream (FF 0A) or the ISO BMFF container (its 12-byte signature box). */
export function isJxl(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0x0a) return true;
  const box = [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
  return bytes.length >= box.length && box.every((b, i) => bytes[i] === b);
}

/** The format the bytes really are, from their magic numbers; null when not an image we read. */
export function detectFormat(bytes: Uint8Array): InputFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 26 && ascii(bytes, 0, 2) === 'BM') return 'bmp';
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp') {
    const brands = brandsOf(bytes);
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
    if (brands.some((b) => ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(b))) return 'heic';
  }
  return null;
}

function brandsOf(bytes: Uint8Array): string[] {
  const size = readU32(bytes, 0);
  const end = Math.min(bytes.length, size || bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  return brands;
}

export function readU32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}

export function readU16(bytes: Uint8Array, at: number): number {
  return (bytes[at] << 8) | bytes[at + 1];
}

export function readU32LE(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

/** What a file becomes when the user asks to keep its format (formats we cannot write get the nearest lossless one). */
export function keptFormat(input: InputFormat): OutputFormat {
  if (input === 'bmp') return 'png';
  if (input === 'heic') return 'jpeg';
  return input;
}
