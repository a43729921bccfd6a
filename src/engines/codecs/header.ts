// What the file's header says before any pixel is decoded: dimensions, completeness, colour profile.
import { readU16, readU32, readU32LE, type InputFormat } from './formats';

export interface Dimensions {
  width: number;
  height: number;
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** The JPEG segments before the image data: marker, start of payload, payload length. */
export function* jpegSegments(bytes: Uint8Array): Generator<{ marker: number; start: number; length: number; offset: number }> {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = readU16(bytes, at + 2);
    yield { marker, start: at + 4, length: length - 2, offset: at };
    if (marker === 0xda || marker === 0xd9) return;
    at += 2 + length;
  }
}

function jpegDimensions(bytes: Uint8Array): Dimensions | null {
  for (const seg of jpegSegments(bytes)) {
    if (SOF_MARKERS.has(seg.marker) && seg.start + 5 <= bytes.length) return { height: readU16(bytes, seg.start + 1), width: readU16(bytes, seg.start + 3) };
  }
  return null;
}

function webpDimensions(bytes: Uint8Array): Dimensions | null {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16)), height: 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16)) };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30) return { width: (bytes[26] | (bytes[27] << 8)) & 0x3fff, height: (bytes[28] | (bytes[29] << 8)) & 0x3fff };
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const b = readU32LE(bytes, 21);
    return { width: (b & 0x3fff) + 1, height: ((b >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/**
 * The largest 'ispe' (image spatial extent) in the meta box of an AVIF/HEIF file: the primary image, not a
 * thumbnail or one 512×512 tile of an iPhone grid photo. Stored size, before any irot rotation.
 */
function heifDimensions(bytes: Uint8Array): Dimensions | null {
  let start = 0;
  let end = bytes.length;
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = readU32(bytes, at);
    if (bytes[at + 4] === 0x6d && bytes[at + 5] === 0x65 && bytes[at + 6] === 0x74 && bytes[at + 7] === 0x61) {
      // only the 'meta' box: never read compressed pixels in 'mdat' as boxes
      [start, end] = [at, Math.min(bytes.length, size >= 8 ? at + size : bytes.length)];
      break;
    }
    if (size < 8) break;
    at += size;
  }
  let best: Dimensions | null = null;
  for (let at = start; at + 20 <= end; at++) {
    if (bytes[at] === 0x69 && bytes[at + 1] === 0x73 && bytes[at + 2] === 0x70 && bytes[at + 3] === 0x65) {
      const found = { width: readU32(bytes, at + 8), height: readU32(bytes, at + 12) };
      if (!best || found.width * found.height > best.width * best.height) best = found;
    }
  }
  return best;
}

export function readDimensions(bytes: Uint8Array, format: InputFormat): Dimensions | null {
  switch (format) {
    case 'jpeg':
      return jpegDimensions(bytes);
    case 'png':
      return bytes.length >= 24 ? { width: readU32(bytes, 16), height: readU32(bytes, 20) } : null;
    case 'gif':
      return bytes.length >= 10 ? { width: bytes[6] | (bytes[7] << 8), height: bytes[8] | (bytes[9] << 8) } : null;
    case 'bmp': {
      if (bytes.length < 26) return null;
      const headerSize = readU32LE(bytes, 14);
      if (headerSize === 12) return { width: bytes[18] | (bytes[19] << 8), height: bytes[20] | (bytes[21] << 8) };
      const height = readU32LE(bytes, 22) | 0;
      return { width: readU32LE(bytes, 18) | 0, height: Math.abs(height) };
    }
    case 'webp':
      return webpDimensions(bytes);
    case 'avif':
    case 'heic':
      return heifDimensions(bytes);
  }
}

/** False when the file was cut off: a JPEG without its end marker, a PNG without IEND, a box or chunk past the end. */
export function isComplete(bytes: Uint8Array, format: InputFormat): boolean {
  switch (format) {
    case 'jpeg': {
      let sos = -1;
      for (const seg of jpegSegments(bytes)) if (seg.marker === 0xda) sos = seg.start + seg.length;
      if (sos < 0) return false;
      // Inside entropy-coded data 0xFF is stuffed as FF00, so FFD9 is only the real end marker.
      for (let i = sos; i + 1 < bytes.length; i++) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
      return false;
    }
    case 'png': {
      let at = 8;
      while (at + 12 <= bytes.length) {
        const length = readU32(bytes, at);
        const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
        if (at + 12 + length > bytes.length) return false;
        if (type === 'IEND') return true;
        at += 12 + length;
      }
      return false;
    }
    case 'webp':
      return readU32LE(bytes, 4) + 8 <= bytes.length;
    case 'avif':
    case 'heic': {
      let at = 0;
      while (at + 8 <= bytes.length) {
        const size = readU32(bytes, at);
        if (size === 0) return true; // the last box runs to the end of the file
        const boxSize = size === 1 ? Number((BigInt(readU32(bytes, at + 8)) << 32n) | BigInt(readU32(bytes, at + 12))) : size;
        if (boxSize < 8 || at + boxSize > bytes.length) return false;
        at += boxSize;
      }
      return at === bytes.length;
    }
    case 'gif':
      return bytes.length > 13;
    case 'bmp': {
      const offset = readU32LE(bytes, 10);
      return offset > 0 && offset < bytes.length;
    }
  }
}

/** True when the file carries an embedded ICC colour profile (then the browser's colour-managed decoder is used). */
export function hasIccProfile(bytes: Uint8Array, format: InputFormat): boolean {
  if (format === 'jpeg') {
    for (const seg of jpegSegments(bytes)) {
      if (seg.marker === 0xe2 && String.fromCharCode(...bytes.subarray(seg.start, seg.start + 11)) === 'ICC_PROFILE') return true;
    }
    return false;
  }
  if (format === 'png') {
    let at = 8;
    while (at + 12 <= bytes.length) {
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      if (type === 'iCCP') return true;
      if (type === 'IDAT' || type === 'IEND') return false;
      at += 12 + readU32(bytes, at);
    }
    return false;
  }
  if (format === 'webp') return String.fromCharCode(...bytes.subarray(12, 16)) === 'VP8X' && (bytes[20] & 0x20) !== 0;
  return false;
}
