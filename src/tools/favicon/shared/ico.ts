import { detectFormat } from '../../../engines/codecs/formats';
import { readDimensions } from '../../../engines/codecs/header';

// The ICO format: a 6-byte ICONDIR (reserved 0, type 1 = icon, count), one 16-byte ICONDIRENTRY per
// image (width and height as one byte each, 0 meaning 256; colour count; reserved; planes; bits per
// pixel; byte size; offset), then the images. Since Windows Vista an image may be a whole PNG file,
// which every current browser reads; older readers want a BMP (DIB) without its file header.

export interface IcoEntry {
  width: number;
  height: number;
  bitCount: number;
  format: 'png' | 'bmp';
  /** The image's bytes as stored in the file. */
  data: Uint8Array;
}

export const DIR = 6;
export const ENTRY = 16;

/** Writes an ICO whose entries are the given PNG files (their size is read from each PNG's IHDR). */
export function encodeIco(pngs: Uint8Array[]): Uint8Array {
  if (pngs.length === 0 || pngs.length > 0xffff) throw new Error('encodeIco: 1 to 65535 images');
  const headers = pngs.map((png) => {
    const size = detectFormat(png) === 'png' ? readDimensions(png, 'png') : null;
    if (!size) throw new Error('encodeIco: every image must be a PNG');
    return size;
  });
  for (const h of headers) if (h.width > 256 || h.height > 256) throw new Error('encodeIco: images are at most 256×256');
  const total = DIR + ENTRY * pngs.length + pngs.reduce((s, p) => s + p.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0, true);
  view.setUint16(2, 1, true);
  view.setUint16(4, pngs.length, true);
  let offset = DIR + ENTRY * pngs.length;
  pngs.forEach((png, i) => {
    const h = headers[i];
    const e = DIR + ENTRY * i;
    out[e] = h.width === 256 ? 0 : h.width;
    out[e + 1] = h.height === 256 ? 0 : h.height;
    out[e + 2] = 0; // no palette
    out[e + 3] = 0;
    view.setUint16(e + 4, 1, true); // planes
    view.setUint16(e + 6, 32, true); // bits per pixel
    view.setUint32(e + 8, png.length, true);
    view.setUint32(e + 12, offset, true);
    out.set(png, offset);
    offset += png.length;
  });
  return out;
}
