// The items of a HEIF file (HEIC, AVIF): where 'meta' keeps its EXIF and XMP items and the bytes iloc points at. Read
// by the metadata tool (tools/image/image-metadata/heif.ts edits them) and by the pipeline, which carries a HEIC's or an
// AVIF's EXIF into the JPEG it writes.
import { concatBytes as concat } from '../../lib/png-chunks';
import { readU16, readU32 } from './formats';

const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

export class HeifStructureError extends Error {}

export interface Box {
  type: string;
  start: number;
  /** Where the content starts (after size, type and, for a full box, version and flags). */
  body: number;
  end: number;
}

export function boxes(bytes: Uint8Array, from: number, to: number, full: readonly string[] = []): Box[] {
  const out: Box[] = [];
  for (let at = from; at + 8 <= to; ) {
    let size = readU32(bytes, at);
    let header = 8;
    if (size === 1) {
      if (readU32(bytes, at + 8) !== 0) throw new HeifStructureError('box over 4 GB');
      size = readU32(bytes, at + 12);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) throw new HeifStructureError('box past its parent');
    const type = latin1(bytes.subarray(at + 4, at + 8));
    out.push({ type, start: at, body: at + header + (full.includes(type) ? 4 : 0), end: at + size });
    at += size;
  }
  return out;
}

export function readN(bytes: Uint8Array, at: number, n: number): number {
  if (n === 0) return 0;
  if (n === 2) return readU16(bytes, at);
  if (n === 4) return readU32(bytes, at);
  if (n === 8) return readU32(bytes, at) * 2 ** 32 + readU32(bytes, at + 4);
  throw new HeifStructureError(`field of ${n} bytes`);
}

export interface Item {
  id: number;
  kind: 'exif' | 'xmp';
}

export interface Location {
  id: number;
  /** The entry's bytes in iloc. */
  start: number;
  end: number;
  /** Absolute byte ranges of the item's data. */
  extents: { at: number; length: number }[];
}

export interface Heif {
  meta: Box;
  children: Box[];
  items: Item[];
  locations: Map<number, Location>;
  icc?: Uint8Array;
  /** iloc's and iinf's id width (2 or 4) by version, and iref's. */
  iinfVersion: number;
  ilocVersion: number;
  ilocHead: { start: number; countAt: number; countSize: number };
  iinfHead: { countAt: number; countSize: number };
  infe: Map<number, Box>;
}

const cString = (bytes: Uint8Array, at: number, end: number): [string, number] => {
  let stop = at;
  while (stop < end && bytes[stop] !== 0) stop++;
  return [latin1(bytes.subarray(at, stop)), stop + 1];
};

export function parse(bytes: Uint8Array): Heif {
  const meta = boxes(bytes, 0, bytes.length, ['meta']).find((b) => b.type === 'meta');
  if (!meta) throw new HeifStructureError('no meta box');
  const children = boxes(bytes, meta.body, meta.end, ['iinf', 'iloc', 'iref', 'pitm', 'hdlr']);
  const iinf = children.find((b) => b.type === 'iinf');
  const iloc = children.find((b) => b.type === 'iloc');
  if (!iinf || !iloc) throw new HeifStructureError('no iinf or iloc');
  const items: Item[] = [];
  const infe = new Map<number, Box>();
  const iinfVersion = bytes[iinf.body - 4];
  const iinfCountSize = iinfVersion === 0 ? 2 : 4;
  for (const entry of boxes(bytes, iinf.body + iinfCountSize, iinf.end, ['infe'])) {
    const version = bytes[entry.body - 4];
    if (entry.type !== 'infe') continue;
    const idSize = version === 3 ? 4 : 2;
    const id = readN(bytes, entry.body, idSize);
    infe.set(id, entry);
    if (version < 2) continue;
    const typeAt = entry.body + idSize + 2;
    const type = latin1(bytes.subarray(typeAt, typeAt + 4));
    if (type === 'Exif') items.push({ id, kind: 'exif' });
    else if (type === 'mime') {
      const [, next] = cString(bytes, typeAt + 4, entry.end);
      const [contentType] = cString(bytes, next, entry.end);
      if (/rdf\+xml/i.test(contentType)) items.push({ id, kind: 'xmp' });
    }
  }
  const idat = children.find((b) => b.type === 'idat');
  const version = bytes[iloc.body - 4];
  if (version > 2) throw new HeifStructureError('iloc version');
  let at = iloc.body;
  const offsetSize = bytes[at] >> 4;
  const lengthSize = bytes[at] & 15;
  const baseSize = bytes[at + 1] >> 4;
  const indexSize = version ? bytes[at + 1] & 15 : 0;
  at += 2;
  const countSize = version < 2 ? 2 : 4;
  const ilocHead = { start: iloc.body, countAt: at, countSize };
  const count = readN(bytes, at, countSize);
  at += countSize;
  const locations = new Map<number, Location>();
  for (let i = 0; i < count; i++) {
    const start = at;
    const id = readN(bytes, at, countSize);
    at += countSize;
    const method = version ? bytes[at + 1] & 15 : 0;
    at += version ? 2 : 0;
    at += 2; // data_reference_index
    const base = readN(bytes, at, baseSize);
    at += baseSize;
    const extentCount = readU16(bytes, at);
    at += 2;
    const extents: Location['extents'] = [];
    for (let e = 0; e < extentCount; e++) {
      at += indexSize;
      const offset = readN(bytes, at, offsetSize);
      at += offsetSize;
      const length = readN(bytes, at, lengthSize);
      at += lengthSize;
      const origin = method === 0 ? 0 : method === 1 && idat ? idat.body : -1;
      extents.push({ at: origin < 0 ? -1 : origin + base + offset, length });
    }
    if (at > iloc.end) throw new HeifStructureError('iloc past its box');
    locations.set(id, { id, start, end: at, extents });
  }
  let icc: Uint8Array | undefined;
  const iprp = children.find((b) => b.type === 'iprp');
  const ipco = iprp && boxes(bytes, iprp.body, iprp.end).find((b) => b.type === 'ipco');
  for (const p of ipco ? boxes(bytes, ipco.body, ipco.end) : []) {
    const colourType = latin1(bytes.subarray(p.body, p.body + 4));
    if (p.type === 'colr' && (colourType === 'prof' || colourType === 'rICC')) icc ??= bytes.subarray(p.body + 4, p.end);
  }
  return { meta, children, items, locations, icc, iinfVersion, ilocVersion: version, ilocHead, iinfHead: { countAt: iinf.body, countSize: iinfCountSize }, infe };
}

/** An item's bytes (its extents in order); null where they are not in the file itself. */
export function itemData(bytes: Uint8Array, loc: Location | undefined): Uint8Array | null {
  if (!loc || loc.extents.some((e) => e.at < 0 || e.at + e.length > bytes.length)) return null;
  return concat(loc.extents.map((e) => bytes.subarray(e.at, e.at + e.length)));
}

/** The TIFF inside an Exif item: a 4-byte offset to the TIFF header, then whatever precedes it ("Exif\0\0"). */
export function exifParts(data: Uint8Array): { head: Uint8Array; tiff: Uint8Array } | null {
  if (data.length < 4) return null;
  const skip = 4 + readU32(data, 0);
  return skip < data.length ? { head: data.subarray(0, skip), tiff: data.subarray(skip) } : null;
}


/** The EXIF TIFF structure of a HEIF file (its first Exif item), or null. Never throws: a broken file has none. */
export function heifExifTiff(bytes: Uint8Array): Uint8Array | null {
  try {
    const heif = parse(bytes);
    const item = heif.items.find((i) => i.kind === 'exif');
    const data = item && itemData(bytes, heif.locations.get(item.id));
    return (data && exifParts(data)?.tiff) ?? null;
  } catch {
    return null;
  }
}

/** The XMP packet of a HEIF file (its first item of MIME type application/rdf+xml), or null. Never throws. */
export function heifXmp(bytes: Uint8Array): Uint8Array | null {
  try {
    const heif = parse(bytes);
    const item = heif.items.find((i) => i.kind === 'xmp');
    return (item && itemData(bytes, heif.locations.get(item.id))) ?? null;
  } catch {
    return null;
  }
}
