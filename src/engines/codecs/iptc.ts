// IPTC-IIM (keywords, city, caption...) carried from a JPEG into a re-encoded JPEG or PNG. In a JPEG it is the
// Photoshop image resource 0x0404 inside APP13 ("Photoshop 3.0"); a PNG has no chunk of its own for it, and
// exiftool and ImageMagick read it from a "Raw profile type iptc" text chunk (hex). WebP, AVIF and JPEG XL have no
// place for IPTC at all.
import { concatBytes } from '../../lib/png-chunks';
import { jpegSegments } from './header';

const PHOTOSHOP = 'Photoshop 3.0\0';
const IPTC_RESOURCE = 0x0404;
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, Math.min(b.length, at + n)));
const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/** The IPTC-IIM records of a JPEG's first Photoshop APP13 IPTC resource; null when there are none or they are broken. */
export function jpegIptc(bytes: Uint8Array): Uint8Array | null {
  for (const seg of jpegSegments(bytes)) {
    if (seg.marker !== 0xed || ascii(bytes, seg.start, PHOTOSHOP.length) !== PHOTOSHOP) continue;
    const end = Math.min(bytes.length, seg.start + seg.length);
    for (let at = seg.start + PHOTOSHOP.length; at + 12 <= end && ascii(bytes, at, 4) === '8BIM'; ) {
      const id = (bytes[at + 4] << 8) | bytes[at + 5];
      const nameLength = bytes[at + 6];
      const sizeAt = at + 6 + ((nameLength + 2) & ~1);
      if (sizeAt + 4 > end) break;
      const size = u32(bytes, sizeAt);
      const data = sizeAt + 4;
      if (data + size > end) break;
      if (id === IPTC_RESOURCE) return size > 0 && bytes[data] === 0x1c ? bytes.subarray(data, data + size) : null;
      at = data + size + (size & 1);
    }
  }
  return null;
}

/** An APP13 segment holding the IPTC records as Photoshop resource 0x0404 (null when they do not fit in one). */
export function iptcJpegSegment(iptc: Uint8Array): Uint8Array | null {
  const pad = iptc.length & 1;
  const length = 2 + PHOTOSHOP.length + 12 + iptc.length + pad;
  if (length > 0xffff) return null;
  const head = new Uint8Array(4 + PHOTOSHOP.length + 12);
  head.set([0xff, 0xed, length >> 8, length & 255]);
  for (let i = 0; i < PHOTOSHOP.length; i++) head[4 + i] = PHOTOSHOP.charCodeAt(i);
  const r = 4 + PHOTOSHOP.length;
  head.set([0x38, 0x42, 0x49, 0x4d, IPTC_RESOURCE >> 8, IPTC_RESOURCE & 255, 0, 0], r);
  new DataView(head.buffer).setUint32(r + 8, iptc.length);
  return concatBytes([head, iptc, new Uint8Array(pad)]);
}

/** A PNG tEXt payload "Raw profile type iptc": a blank line, the name, the length, then hex, 36 bytes a line. */
export function iptcPngText(iptc: Uint8Array): Uint8Array {
  const hex = Array.from(iptc, (b) => b.toString(16).padStart(2, '0')).join('');
  const lines = hex.match(/.{1,72}/g) ?? [];
  const text = `Raw profile type iptc\0\niptc\n${String(iptc.length).padStart(8)}\n${lines.join('\n')}\n`;
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
