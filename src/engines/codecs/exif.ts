// EXIF: the orientation a camera recorded, and the APP1 segment to carry over when the user keeps metadata.
import type { InputFormat } from './formats';
import { jpegSegments } from './header';
import { heifExifTiff } from './heif-items';

export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

interface Tiff {
  view: DataView;
  little: boolean;
  /** Offset of the TIFF header inside `view`. */
  base: number;
}

function exifPayload(bytes: Uint8Array): { start: number; length: number } | null {
  for (const seg of jpegSegments(bytes)) {
    if (seg.marker === 0xe1 && String.fromCharCode(...bytes.subarray(seg.start, seg.start + 6)) === 'Exif\0\0') return { start: seg.start, length: seg.length };
  }
  return null;
}

function tiffAt(bytes: Uint8Array, start: number, length: number): Tiff | null {
  const base = start + 6;
  if (base + 8 > start + length || base + 8 > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, start + length));
  const order = view.getUint16(base);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  return { view, little: order === 0x4949, base };
}

/** The offset of the orientation tag's value in IFD0, or -1. */
function orientationOffset(t: Tiff): number {
  const ifd = t.base + t.view.getUint32(t.base + 4, t.little);
  if (ifd + 2 > t.view.byteLength) return -1;
  const count = t.view.getUint16(ifd, t.little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > t.view.byteLength) return -1;
    if (t.view.getUint16(entry, t.little) === 0x0112) return entry + 8;
  }
  return -1;
}

/** The EXIF orientation of a JPEG (1 = as stored) — malformed or absent EXIF counts as 1. */
export function readOrientation(bytes: Uint8Array): Orientation {
  try {
    const payload = exifPayload(bytes);
    if (!payload) return 1;
    const tiff = tiffAt(bytes, payload.start, payload.length);
    if (!tiff) return 1;
    const at = orientationOffset(tiff);
    if (at < 0) return 1;
    const value = tiff.view.getUint16(at, tiff.little);
    return value >= 1 && value <= 8 ? (value as Orientation) : 1;
  } catch {
    return 1;
  }
}

/** Entries (tag → entry offset) of the IFD at `ifd` (relative to the TIFF header). */
function entries(t: Tiff, ifd: number): Map<number, number> {
  const out = new Map<number, number>();
  const at = t.base + ifd;
  if (ifd <= 0 || at + 2 > t.view.byteLength) return out;
  const count = t.view.getUint16(at, t.little);
  for (let i = 0; i < count; i++) {
    const entry = at + 2 + i * 12;
    if (entry + 12 > t.view.byteLength) break;
    out.set(t.view.getUint16(entry, t.little), entry);
  }
  return out;
}

/** Rewrites the Exif IFD's PixelXDimension and PixelYDimension (SHORT or LONG, one value) to the new picture's size. */
function setPixelDimensions(t: Tiff, size: { width: number; height: number }): void {
  const exifPointer = entries(t, t.view.getUint32(t.base + 4, t.little)).get(0x8769);
  if (exifPointer === undefined) return;
  const sub = entries(t, t.view.getUint32(exifPointer + 8, t.little));
  for (const [tag, value] of [[0xa002, size.width], [0xa003, size.height]] as const) {
    const entry = sub.get(tag);
    if (entry === undefined || t.view.getUint32(entry + 4, t.little) !== 1) continue;
    const type = t.view.getUint16(entry + 2, t.little);
    if (type === 4) t.view.setUint32(entry + 8, value, t.little);
    else if (type === 3 && value <= 0xffff) t.view.setUint16(entry + 8, value, t.little);
  }
}

/**
 * The whole APP1 EXIF segment (marker included), with orientation reset to 1 since the pixels are turned upright,
 * and, given the output's size, PixelXDimension/PixelYDimension saying it (a crop or a turn changes them).
 */
export function exifSegmentForCopy(bytes: Uint8Array, size?: { width: number; height: number }): Uint8Array | null {
  const payload = exifPayload(bytes);
  return payload ? upright(bytes.slice(payload.start - 4, payload.start + payload.length), size) : null;
}

/** The EXIF to carry into a JPEG a job writes: a JPEG's own segment, or a HEIC's or an AVIF's Exif item. */
export function carriedExif(input: Uint8Array, format: InputFormat, size: { width: number; height: number }): Uint8Array | null {
  if (format === 'jpeg') return exifSegmentForCopy(input, size);
  const tiff = format === 'heic' || format === 'avif' ? heifExifTiff(input) : null;
  return tiff ? exifSegmentFromTiff(tiff, size) : null;
}

/** The same APP1 segment made from a TIFF structure another container held (a HEIC's or an AVIF's Exif item). */
export function exifSegmentFromTiff(tiff: Uint8Array, size?: { width: number; height: number }): Uint8Array | null {
  const length = 2 + 6 + tiff.length;
  if (length > 0xffff) return null;
  const segment = new Uint8Array(2 + length);
  segment.set([0xff, 0xe1, length >> 8, length & 255, 0x45, 0x78, 0x69, 0x66, 0, 0]);
  segment.set(tiff, 10);
  return upright(segment, size);
}

function upright(segment: Uint8Array, size?: { width: number; height: number }): Uint8Array {
  const tiff = tiffAt(segment, 4, segment.length - 4);
  if (tiff) {
    const at = orientationOffset(tiff);
    if (at >= 0) tiff.view.setUint16(at, 1, tiff.little);
    if (size) {
      try {
        setPixelDimensions(tiff, size);
      } catch {
        // A malformed Exif IFD pointer: the segment is copied with its old dimensions, as before.
      }
    }
  }
  return segment;
}

/** Inserts APP segments right after SOI (before the encoder's JFIF APP0 is fine for readers; EXIF goes first by convention). */
export function insertSegments(jpeg: Uint8Array, segments: Uint8Array[]): Uint8Array {
  const extra = segments.reduce((n, s) => n + s.length, 0);
  const out = new Uint8Array(jpeg.length + extra);
  out.set(jpeg.subarray(0, 2), 0);
  let at = 2;
  for (const s of segments) {
    out.set(s, at);
    at += s.length;
  }
  out.set(jpeg.subarray(2), at);
  return out;
}

/** True when the JPEG has any EXIF segment (tests use it to check stripping). */
export function hasExif(bytes: Uint8Array): boolean {
  return exifPayload(bytes) !== null;
}
