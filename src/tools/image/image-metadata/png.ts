// PNG metadata chunks: eXIf (EXIF), iTXt "XML:com.adobe.xmp" (XMP), iCCP (colour profile), tEXt/zTXt/iTXt text
// (ImageMagick's "Raw profile type …" among them) and tIME. Every other chunk, the image data above all, is copied as is.
import { unzlibSync } from 'fflate';
import { pngChunk } from '../../../lib/png-chunks';
import { concat, emptyBlocks, latin1, type BlockKind, type MetadataBlocks, type StripResult, type StripSettings } from './blocks';
import { orientationOnlyTiff, removeGps, tiffHasGps, tiffOrientation } from './tiff';
import { editXmpBytes } from './xmp';

interface Chunk {
  type: string;
  offset: number;
  end: number;
  data: Uint8Array;
}

export class PngStructureError extends Error {}

export function pngChunks(bytes: Uint8Array): Chunk[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Chunk[] = [];
  for (let at = 8; ; ) {
    if (at + 12 > bytes.length) throw new PngStructureError('truncated');
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) throw new PngStructureError('truncated');
    const type = latin1(bytes.subarray(at + 4, at + 8));
    chunks.push({ type, offset: at, end, data: bytes.subarray(at + 8, at + 8 + length) });
    if (type === 'IEND') return chunks;
    at = end;
  }
}

const keyword = (data: Uint8Array) => latin1(data.subarray(0, Math.max(0, data.indexOf(0))));

/** An iTXt chunk's text (inflated when compressed) and where it starts. */
function itxtText(data: Uint8Array): { head: Uint8Array; text: Uint8Array } | null {
  const k = data.indexOf(0);
  if (k < 0 || k + 3 > data.length) return null;
  const compressed = data[k + 1] === 1;
  const lang = data.indexOf(0, k + 3);
  const translated = lang < 0 ? -1 : data.indexOf(0, lang + 1);
  if (translated < 0) return null;
  const head = data.slice(0, translated + 1);
  head[k + 1] = 0;
  head[k + 2] = 0;
  try {
    return { head, text: compressed ? unzlibSync(data.subarray(translated + 1)) : data.subarray(translated + 1) };
  } catch {
    return null;
  }
}

function kindOf(chunk: Chunk): BlockKind | 'image' {
  switch (chunk.type) {
    case 'eXIf':
      return 'exif';
    case 'iCCP':
      return 'icc';
    case 'tIME':
      return 'other';
    case 'iTXt':
    case 'tEXt':
    case 'zTXt': {
      const k = keyword(chunk.data);
      if (k === 'XML:com.adobe.xmp' || k === 'Raw profile type xmp') return 'xmp';
      if (k === 'Raw profile type exif' || k === 'Raw profile type APP1') return 'exif';
      if (k === 'Raw profile type iptc' || k === 'Raw profile type 8bim') return 'iptc';
      if (/^Raw profile type icc/i.test(k)) return 'icc';
      return k === 'Comment' ? 'comment' : 'other';
    }
    default:
      return 'image';
  }
}

/** ImageMagick's "Raw profile type x": "\nx\n   length\nhex…" in a tEXt or zTXt chunk. */
function rawProfile(chunk: Chunk): Uint8Array | null {
  try {
    const k = chunk.data.indexOf(0);
    const body = chunk.type === 'zTXt' ? unzlibSync(chunk.data.subarray(k + 2)) : chunk.data.subarray(k + 1);
    const text = latin1(body).split('\n').slice(3).join('').replace(/\s+/g, '');
    const out = new Uint8Array(text.length >> 1);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(text.substr(i * 2, 2), 16);
    return out;
  } catch {
    return null;
  }
}

const exifTiff = (bytes: Uint8Array) => (latin1(bytes.subarray(0, 6)) === 'Exif\0\0' ? bytes.subarray(6) : bytes);

export function pngBlocks(bytes: Uint8Array): MetadataBlocks {
  const blocks = emptyBlocks();
  for (const chunk of pngChunks(bytes)) {
    const kind = kindOf(chunk);
    if (kind === 'image') continue;
    if (chunk.type === 'eXIf') blocks.exif ??= chunk.data;
    else if (chunk.type === 'iCCP') {
      try {
        blocks.icc = unzlibSync(chunk.data.subarray(chunk.data.indexOf(0) + 2));
      } catch {
        blocks.other.push('iCCP');
      }
    } else if (chunk.type === 'iTXt' && kind === 'xmp') {
      const t = itxtText(chunk.data);
      if (t) blocks.xmp.push(t.text);
    } else if (kind === 'exif' || kind === 'iptc' || kind === 'xmp') {
      const raw = rawProfile(chunk);
      if (raw && kind === 'exif') blocks.exif ??= exifTiff(raw);
      else if (raw && kind === 'iptc') blocks.iptc ??= raw;
      else if (raw) blocks.xmp.push(raw);
    } else if (kind === 'comment') blocks.comments.push(latin1(chunk.data.subarray(chunk.data.indexOf(0) + 1)));
    else blocks.other.push(chunk.type === 'tIME' ? 'tIME' : `${chunk.type} (${keyword(chunk.data)})`);
  }
  return blocks;
}

export function stripPng(bytes: Uint8Array, settings: StripSettings): StripResult {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  const removed = new Set<StripResult['removed'][number]>();
  let orientation = 1;
  for (const chunk of pngChunks(bytes)) {
    const kind = kindOf(chunk);
    const whole = bytes.subarray(chunk.offset, chunk.end);
    if (kind === 'image') {
      // The bare Orientation tag goes before the image data (eXIf must precede IDAT).
      if (chunk.type === 'IDAT' && orientation !== 1) {
        parts.push(pngChunk('eXIf', orientationOnlyTiff(orientation)));
        orientation = -orientation;
      }
      parts.push(whole);
      continue;
    }
    if (settings.mode === 'all') {
      if (kind === 'icc' && settings.keepIcc) parts.push(whole);
      else {
        if (chunk.type === 'eXIf' && orientation === 1) orientation = tiffOrientation(chunk.data);
        removed.add(kind);
      }
      continue;
    }
    if (chunk.type === 'eXIf' && tiffHasGps(chunk.data)) {
      parts.push(pngChunk('eXIf', removeGps(chunk.data) ?? chunk.data));
      removed.add('gps');
    } else if (chunk.type === 'iTXt' && kind === 'xmp') {
      const t = itxtText(chunk.data);
      const edited = t && editXmpBytes(t.text);
      if (edited) removed.add('gps');
      parts.push(t && edited ? pngChunk('iTXt', concat([t.head, edited])) : whole);
    } else if (kind === 'exif' && chunk.type !== 'eXIf') {
      // A raw EXIF profile with a location is rewritten as a standard eXIf chunk without it.
      const raw = rawProfile(chunk);
      const tiff = raw && exifTiff(raw);
      const edited = tiff && tiffHasGps(tiff) ? removeGps(tiff) : null;
      if (edited) removed.add('gps');
      parts.push(edited ? pngChunk('eXIf', edited) : whole);
    } else parts.push(whole);
  }
  const kept = Math.abs(orientation);
  return { bytes: concat(parts), removed: [...removed], ...(kept !== 1 ? { keptOrientation: kept } : {}) };
}
