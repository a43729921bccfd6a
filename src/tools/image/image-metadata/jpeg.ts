// JPEG metadata lives in APPn and COM segments before the image data; the coded image (SOF, tables, scans) is copied
// byte for byte. Segments are classed by their identifier, as exiftool does.
import { emptyBlocks, concat, latin1, startsWith, type BlockKind, type MetadataBlocks, type StripResult, type StripSettings } from './blocks';
import { orientationOnlyTiff, removeGps, tiffHasGps, tiffOrientation } from './tiff';
import { editXmpBytes } from './xmp';

const EXIF_ID = 'Exif\0\0';
const XMP_ID = 'http://ns.adobe.com/xap/1.0/\0';
const XMP_EXT_ID = 'http://ns.adobe.com/xmp/extension/\0';
const ICC_ID = 'ICC_PROFILE\0';
const IPTC_ID = 'Photoshop 3.0\0';

export class JpegStructureError extends Error {}

interface Segment {
  marker: number;
  /** Offset of the FF marker byte. */
  offset: number;
  /** Offset just past the segment. */
  end: number;
  payload: Uint8Array;
}

/** The segments before the first scan, the offset of that scan, and the offset just past EOI. */
export function jpegLayout(bytes: Uint8Array): { segments: Segment[]; scan: number; end: number } {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new JpegStructureError('not a JPEG');
  const segments: Segment[] = [];
  let at = 2;
  for (;;) {
    while (at < bytes.length && bytes[at] === 0xff && bytes[at + 1] === 0xff) at++;
    if (at + 4 > bytes.length || bytes[at] !== 0xff) throw new JpegStructureError('truncated');
    const marker = bytes[at + 1];
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2 || at + 2 + length > bytes.length) throw new JpegStructureError('truncated');
    if (marker === 0xda) return { segments, scan: at, end: imageEnd(bytes, at) };
    segments.push({ marker, offset: at, end: at + 2 + length, payload: bytes.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
}

/** Walks scans and the segments between them (progressive files) to just past EOI. */
function imageEnd(bytes: Uint8Array, at: number): number {
  const n = bytes.length;
  while (at + 1 < n) {
    const marker = bytes[at + 1];
    if (marker === 0xd9) return at + 2;
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    at += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed zero, a restart or fill.
      while (at + 1 < n && !(bytes[at] === 0xff && bytes[at + 1] !== 0 && bytes[at + 1] !== 0xff && (bytes[at + 1] < 0xd0 || bytes[at + 1] > 0xd7))) at++;
    }
    if (at + 1 >= n || bytes[at] !== 0xff) break;
  }
  throw new JpegStructureError('truncated');
}

function kindOf(seg: Segment): BlockKind | 'jfif' | 'adobe' | 'image' {
  const { marker, payload } = seg;
  if (marker === 0xfe) return 'comment';
  if (marker < 0xe0 || marker > 0xef) return 'image';
  if (marker === 0xe0 && startsWith(payload, 0, 'JFIF\0')) return 'jfif';
  if (marker === 0xee && startsWith(payload, 0, 'Adobe')) return 'adobe';
  if (marker === 0xe1 && startsWith(payload, 0, EXIF_ID)) return 'exif';
  if (marker === 0xe1 && (startsWith(payload, 0, XMP_ID) || startsWith(payload, 0, XMP_EXT_ID))) return 'xmp';
  if (marker === 0xe2 && startsWith(payload, 0, ICC_ID)) return 'icc';
  if (marker === 0xed && startsWith(payload, 0, IPTC_ID)) return 'iptc';
  return 'other';
}

function appName(seg: Segment): string {
  let id = '';
  for (let i = 0; i < Math.min(seg.payload.length, 24) && seg.payload[i] >= 0x20 && seg.payload[i] < 0x7f; i++) id += String.fromCharCode(seg.payload[i]);
  return `APP${seg.marker - 0xe0}${id ? ` (${id})` : ''}`;
}

export function jpegBlocks(bytes: Uint8Array): MetadataBlocks {
  const blocks = emptyBlocks();
  const icc: Uint8Array[] = [];
  for (const seg of jpegLayout(bytes).segments) {
    const kind = kindOf(seg);
    if (kind === 'exif') blocks.exif ??= seg.payload.subarray(EXIF_ID.length);
    else if (kind === 'xmp') blocks.xmp.push(seg.payload.subarray(startsWith(seg.payload, 0, XMP_ID) ? XMP_ID.length : XMP_EXT_ID.length + 40));
    else if (kind === 'icc') icc.push(seg.payload.subarray(ICC_ID.length + 2));
    else if (kind === 'iptc') blocks.iptc ??= seg.payload.subarray(IPTC_ID.length);
    else if (kind === 'comment') blocks.comments.push(latin1(seg.payload));
    else if (kind === 'other') blocks.other.push(appName(seg));
  }
  if (icc.length) blocks.icc = concat(icc);
  return blocks;
}

function segment(marker: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + payload.length);
  out[0] = 0xff;
  out[1] = marker;
  out[2] = (payload.length + 2) >> 8;
  out[3] = (payload.length + 2) & 0xff;
  out.set(payload, 4);
  return out;
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

export function exifSegment(tiff: Uint8Array): Uint8Array {
  return segment(0xe1, concat([ascii(EXIF_ID), tiff]));
}

export function stripJpeg(bytes: Uint8Array, settings: StripSettings): StripResult {
  const { segments, scan, end } = jpegLayout(bytes);
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  const removed = new Set<StripResult['removed'][number]>();
  let orientation = 1;
  for (const seg of segments) {
    const kind = kindOf(seg);
    const whole = bytes.subarray(seg.offset, seg.end);
    if (kind === 'image' || kind === 'jfif' || kind === 'adobe') {
      parts.push(whole);
      continue;
    }
    if (settings.mode === 'all') {
      if (kind === 'icc' && settings.keepIcc) parts.push(whole);
      else {
        if (kind === 'exif') orientation = tiffOrientation(seg.payload.subarray(EXIF_ID.length));
        removed.add(kind);
      }
      continue;
    }
    if (kind === 'exif') {
      const tiff = seg.payload.subarray(EXIF_ID.length);
      const edited = tiffHasGps(tiff) ? removeGps(tiff) : null;
      if (edited) removed.add('gps');
      parts.push(edited ? exifSegment(edited) : whole);
    } else if (kind === 'xmp' && startsWith(seg.payload, 0, XMP_ID)) {
      const edited = editXmpBytes(seg.payload.subarray(XMP_ID.length));
      if (edited) removed.add('gps');
      parts.push(edited ? segment(0xe1, concat([ascii(XMP_ID), edited])) : whole);
    } else parts.push(whole);
  }
  // "Remove all" keeps a turned photo upright: a bare Orientation tag, after JFIF if there is one.
  if (orientation !== 1) parts.splice(parts[1]?.[1] === 0xe0 ? 2 : 1, 0, exifSegment(orientationOnlyTiff(orientation)));
  // Data after EOI (a camera's preview images) goes with "remove all"; the location mode leaves it.
  parts.push(bytes.subarray(scan, settings.mode === 'all' ? end : bytes.length));
  if (settings.mode === 'all' && end < bytes.length) removed.add('other');
  return { bytes: concat(parts), removed: [...removed], ...(orientation !== 1 ? { keptOrientation: orientation } : {}) };
}
