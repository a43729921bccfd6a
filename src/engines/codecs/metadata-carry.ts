// EXIF and XMP carried from an input into a re-encoded output when the user keeps metadata: read from JPEG (APP1),
// PNG (eXIf, iTXt XML:com.adobe.xmp), WebP (EXIF, XMP chunks), HEIC/AVIF (Exif and XMP items); written into JPEG
// (APP1), PNG (eXIf, iTXt), WebP (VP8X + EXIF/XMP chunks) and JPEG XL (a container: Exif and xml boxes beside the
// codestream). A JPEG's IPTC goes into JPEG and PNG outputs (iptc.ts). AVIF (heif-add-items.ts) as items.
// GIF outputs do not get them: the outcome says so and the row shows it. The EXIF is made upright (Orientation 1, the new pixel size), as the pixels.
import { concatBytes, pngChunk } from '../../lib/png-chunks';
import { carriedExif, exifSegmentFromTiff, insertSegments } from './exif';
import type { InputFormat, OutputFormat } from './formats';
import { jpegSegments } from './header';
import { addHeifMetadata } from './heif-add-items';
import { heifExifTiff, heifXmp } from './heif-items';
import { iptcJpegSegment, iptcPngText, jpegIptc } from './iptc';
import { chunkBytes, webpChunks } from './webp-mux';

export interface CarriedMetadata {
  /** A TIFF structure (what follows "Exif\0\0"), upright. */
  exif: Uint8Array | null;
  /** An XMP packet (UTF-8), its tiff:Orientation set to 1. */
  xmp: Uint8Array | null;
  /** IPTC-IIM records (a JPEG's), for JPEG and PNG outputs. */
  iptc?: Uint8Array | null;
}

const XMP_JPEG = 'http://ns.adobe.com/xap/1.0/\0';
const XMP_PNG = 'XML:com.adobe.xmp';
const enc = new TextEncoder();
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

function pngChunksOf(bytes: Uint8Array): { type: string; data: Uint8Array; start: number; end: number }[] {
  const out = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) break;
    out.push({ type: ascii(bytes, at + 4, 4), data: bytes.subarray(at + 8, at + 8 + length), start: at, end });
    at = end;
  }
  return out;
}

/** An iTXt chunk's text when its keyword is XMP's and it is not compressed. */
function pngXmp(data: Uint8Array): Uint8Array | null {
  if (ascii(data, 0, XMP_PNG.length + 1) !== `${XMP_PNG}\0` || data[XMP_PNG.length + 1] !== 0) return null;
  let at = XMP_PNG.length + 3;
  for (let nulls = 0; nulls < 2 && at < data.length; at++) if (data[at] === 0) nulls++;
  return data.subarray(at);
}

function rawExifAndXmp(input: Uint8Array, format: InputFormat): { tiff: Uint8Array | null; xmp: Uint8Array | null } {
  let tiff: Uint8Array | null = null;
  let xmp: Uint8Array | null = null;
  if (format === 'jpeg') {
    for (const seg of jpegSegments(input)) {
      if (seg.marker === 0xe1 && !xmp && ascii(input, seg.start, XMP_JPEG.length) === XMP_JPEG) xmp = input.subarray(seg.start + XMP_JPEG.length, seg.start + seg.length);
    }
  } else if (format === 'png') {
    for (const c of pngChunksOf(input)) {
      if (c.type === 'eXIf' && !tiff) tiff = c.data;
      if (c.type === 'iTXt' && !xmp) xmp = pngXmp(c.data);
    }
  } else if (format === 'webp') {
    for (const c of webpChunks(input)) {
      if (c.fourcc === 'EXIF' && !tiff) tiff = ascii(c.data, 0, 6) === 'Exif\0\0' ? c.data.subarray(6) : c.data;
      if (c.fourcc === 'XMP ' && !xmp) xmp = c.data;
    }
  } else if (format === 'heic' || format === 'avif') xmp = heifXmp(input);
  return { tiff, xmp };
}

/** The XMP with any tiff:Orientation (attribute or element) set to 1: the pixels are turned upright. */
function uprightXmp(xmp: Uint8Array): Uint8Array {
  const text = new TextDecoder().decode(xmp);
  const fixed = text.replace(/(tiff:Orientation\s*=\s*["'])\d(["'])/g, '$11$2').replace(/(<tiff:Orientation>)\s*\d\s*(<\/tiff:Orientation>)/g, '$11$2');
  return fixed === text ? xmp : enc.encode(fixed);
}

/** What the input carries that an output can take, made upright for pixels of `size`. Never throws. */
export function readCarriedMetadata(input: Uint8Array, format: InputFormat, size: { width: number; height: number }): CarriedMetadata {
  try {
    const raw = rawExifAndXmp(input, format);
    const segment = raw.tiff ? exifSegmentFromTiff(Uint8Array.from(raw.tiff), size) : carriedExif(input, format, size);
    return { exif: segment ? segment.subarray(10) : null, xmp: raw.xmp ? uprightXmp(raw.xmp) : null, iptc: format === 'jpeg' ? jpegIptc(input) : null };
  } catch {
    return { exif: null, xmp: null, iptc: null };
  }
}

export const carriesMetadata = (format: OutputFormat) => format === 'jpeg' || format === 'png' || format === 'webp' || format === 'jxl' || format === 'avif';

/** Whether an output got the EXIF or XMP it was to carry (an AVIF laid out otherwise than libavif's does not). */
export const gotMetadata = (bytes: Uint8Array, format: OutputFormat) => format !== 'avif' || !!(heifExifTiff(bytes) || heifXmp(bytes));

function intoJpeg(bytes: Uint8Array, m: CarriedMetadata): Uint8Array {
  const segments: Uint8Array[] = [];
  const exif = m.exif && exifSegmentFromTiff(m.exif);
  if (exif) segments.push(exif);
  const head = enc.encode(XMP_JPEG);
  if (m.xmp && 2 + head.length + m.xmp.length <= 0xffff) {
    const length = 2 + head.length + m.xmp.length;
    segments.push(concatBytes([new Uint8Array([0xff, 0xe1, length >> 8, length & 255]), head, m.xmp]));
  }
  const iptc = m.iptc && iptcJpegSegment(m.iptc);
  if (iptc) segments.push(iptc);
  return segments.length ? insertSegments(bytes, segments) : bytes;
}

function intoPng(bytes: Uint8Array, m: CarriedMetadata): Uint8Array {
  const ihdrEnd = pngChunksOf(bytes)[0]?.end;
  if (!ihdrEnd) return bytes;
  const extra: Uint8Array[] = [];
  if (m.exif) extra.push(pngChunk('eXIf', m.exif));
  if (m.xmp) extra.push(pngChunk('iTXt', concatBytes([enc.encode(XMP_PNG), new Uint8Array(5), m.xmp])));
  if (m.iptc) extra.push(pngChunk('tEXt', iptcPngText(m.iptc)));
  return concatBytes([bytes.subarray(0, ihdrEnd), ...extra, bytes.subarray(ihdrEnd)]);
}

/** A still WebP with a VP8X header whose EXIF/XMP flags are set, the chunks appended after the image's. */
function intoWebp(bytes: Uint8Array, m: CarriedMetadata, size: { width: number; height: number }): Uint8Array {
  const chunks = webpChunks(bytes).filter((c) => c.fourcc !== 'EXIF' && c.fourcc !== 'XMP ');
  let vp8x = chunks.find((c) => c.fourcc === 'VP8X')?.data;
  if (!vp8x) {
    const vp8l = chunks.find((c) => c.fourcc === 'VP8L')?.data;
    const alpha = !!vp8l && vp8l.length > 4 && ((vp8l[4] >> 4) & 1) === 1;
    vp8x = new Uint8Array(10);
    vp8x[0] = alpha ? 0x10 : 0;
    const [w, h] = [size.width - 1, size.height - 1];
    vp8x.set([w & 255, (w >> 8) & 255, (w >> 16) & 255, h & 255, (h >> 8) & 255, (h >> 16) & 255], 4);
  } else vp8x = Uint8Array.from(vp8x);
  vp8x[0] |= (m.exif ? 0x08 : 0) | (m.xmp ? 0x04 : 0);
  const body = concatBytes([
    enc.encode('WEBP'),
    chunkBytes('VP8X', vp8x),
    ...chunks.filter((c) => c.fourcc !== 'VP8X').map((c) => chunkBytes(c.fourcc, c.data)),
    ...(m.exif ? [chunkBytes('EXIF', m.exif)] : []),
    ...(m.xmp ? [chunkBytes('XMP ', m.xmp)] : []),
  ]);
  const head = new Uint8Array(8);
  head.set(enc.encode('RIFF'));
  new DataView(head.buffer).setUint32(4, body.length, true);
  return concatBytes([head, body]);
}

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, 8 + parts.reduce((n, p) => n + p.length, 0));
  head.set(enc.encode(type), 4);
  return concatBytes([head, ...parts]);
}

/**
 * A JPEG XL codestream (FF 0A) put in the container of ISO/IEC 18181-2: signature and ftyp boxes, then Exif (a
 * 4-byte offset to the TIFF header, 0 here, and the TIFF) and xml (the XMP) boxes, then the codestream as jxlc.
 * A file already in a container is left as it is.
 */
function intoJxl(bytes: Uint8Array, m: CarriedMetadata): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0x0a) return bytes;
  return concatBytes([
    box('JXL ', new Uint8Array([0x0d, 0x0a, 0x87, 0x0a])),
    box('ftyp', enc.encode('jxl '), new Uint8Array(4), enc.encode('jxl ')),
    ...(m.exif ? [box('Exif', new Uint8Array(4), m.exif)] : []),
    ...(m.xmp ? [box('xml ', m.xmp)] : []),
    box('jxlc', bytes),
  ]);
}

/** The output with the metadata written in, where its format can hold it (carriesMetadata); otherwise as it was. */
export function writeCarriedMetadata(bytes: Uint8Array, format: OutputFormat, m: CarriedMetadata, size: { width: number; height: number }): Uint8Array {
  if (!m.exif && !m.xmp && !m.iptc) return bytes;
  if (format === 'jpeg') return intoJpeg(bytes, m);
  if (format === 'png') return intoPng(bytes, m);
  if (format === 'webp') return intoWebp(bytes, m, size);
  if (format === 'jxl' && (m.exif || m.xmp)) return intoJxl(bytes, m);
  if (format === 'avif') return addHeifMetadata(bytes, m.exif, m.xmp) ?? bytes;
  return bytes;
}
