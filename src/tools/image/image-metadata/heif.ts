// HEIF metadata (HEIC and AVIF): EXIF and XMP are items of the 'meta' box (infe type 'Exif', or 'mime' with content
// type application/rdf+xml) whose bytes iloc points at, usually in mdat. Removing one rewrites iinf, iloc and iref
// without it, zeroes its bytes, and puts a top-level 'free' box of the bytes saved right after 'meta', so every offset
// in the file stays valid. "Remove location" edits the payload in place, padded to its old length. The coded image
// and its properties (the colour profile among them) are not touched.
import { readU16, readU32 } from '../../../engines/codecs/formats';
import { concat, emptyBlocks, latin1, type MetadataBlocks, type StripResult, type StripSettings } from './blocks';
import { removeGps, tiffHasGps } from './tiff';
import { editXmpBytes } from './xmp';

export class HeifStructureError extends Error {}

interface Box {
  type: string;
  start: number;
  /** Where the content starts (after size, type and, for a full box, version and flags). */
  body: number;
  end: number;
}

function boxes(bytes: Uint8Array, from: number, to: number, full: readonly string[] = []): Box[] {
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

function readN(bytes: Uint8Array, at: number, n: number): number {
  if (n === 0) return 0;
  if (n === 2) return readU16(bytes, at);
  if (n === 4) return readU32(bytes, at);
  if (n === 8) return readU32(bytes, at) * 2 ** 32 + readU32(bytes, at + 4);
  throw new HeifStructureError(`field of ${n} bytes`);
}

interface Item {
  id: number;
  kind: 'exif' | 'xmp';
}

interface Location {
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
function itemData(bytes: Uint8Array, loc: Location | undefined): Uint8Array | null {
  if (!loc || loc.extents.some((e) => e.at < 0 || e.at + e.length > bytes.length)) return null;
  return concat(loc.extents.map((e) => bytes.subarray(e.at, e.at + e.length)));
}

/** The TIFF inside an Exif item: a 4-byte offset to the TIFF header, then whatever precedes it ("Exif\0\0"). */
function exifParts(data: Uint8Array): { head: Uint8Array; tiff: Uint8Array } | null {
  if (data.length < 4) return null;
  const skip = 4 + readU32(data, 0);
  return skip < data.length ? { head: data.subarray(0, skip), tiff: data.subarray(skip) } : null;
}

export function heifBlocks(bytes: Uint8Array): MetadataBlocks {
  const heif = parse(bytes);
  const blocks = emptyBlocks();
  for (const item of heif.items) {
    const data = itemData(bytes, heif.locations.get(item.id));
    if (!data) continue;
    if (item.kind === 'exif') blocks.exif ??= exifParts(data)?.tiff;
    else blocks.xmp.push(data);
  }
  if (heif.icc) blocks.icc = heif.icc;
  return blocks;
}

function writeN(out: Uint8Array, at: number, n: number, value: number): void {
  for (let i = n - 1; i >= 0; i--, value = Math.floor(value / 256)) out[at + i] = value & 255;
}

const box = (type: string, content: Uint8Array): Uint8Array => {
  const out = new Uint8Array(8 + content.length);
  writeN(out, 0, 4, out.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(content, 8);
  return out;
};

/** Writes `data` over an item's extents, padded with `pad` to their old length; false when it does not fit. */
function overwrite(out: Uint8Array, loc: Location, data: Uint8Array, pad: number): boolean {
  const total = loc.extents.reduce((n, e) => n + e.length, 0);
  if (data.length > total) return false;
  let from = 0;
  for (const e of loc.extents) {
    out.fill(pad, e.at, e.at + e.length);
    out.set(data.subarray(from, from + e.length), e.at);
    from += e.length;
  }
  return true;
}

export function stripHeif(bytes: Uint8Array, settings: StripSettings): StripResult {
  const heif = parse(bytes);
  const out = bytes.slice();
  const removed = new Set<StripResult['removed'][number]>();
  const gone = new Set<number>();
  for (const item of heif.items) {
    const loc = heif.locations.get(item.id);
    const data = itemData(bytes, loc);
    if (!loc || !data) throw new HeifStructureError('metadata item outside the file');
    if (settings.mode === 'all') {
      gone.add(item.id);
      removed.add(item.kind);
      for (const e of loc.extents) out.fill(0, e.at, e.at + e.length);
      continue;
    }
    if (item.kind === 'exif') {
      const parts = exifParts(data);
      if (!parts || !tiffHasGps(parts.tiff)) continue;
      if (!overwrite(out, loc, concat([parts.head, removeGps(parts.tiff) ?? parts.tiff]), 0)) throw new HeifStructureError('edited EXIF grew');
      removed.add('gps');
    } else {
      const edited = editXmpBytes(data);
      if (!edited) continue;
      if (!overwrite(out, loc, edited, 0x20)) throw new HeifStructureError('edited XMP grew');
      removed.add('gps');
    }
  }
  const keptIcc = settings.mode === 'all' && !settings.keepIcc && heif.icc ? { keptIcc: true } : {};
  return { bytes: gone.size ? withoutItems(out, heif, gone) : out, removed: [...removed], ...keptIcc };
}

/** The file with the items' entries gone from iinf, iloc and iref; a 'free' box after 'meta' keeps every offset. */
function withoutItems(bytes: Uint8Array, heif: Heif, gone: Set<number>): Uint8Array {
  const { meta } = heif;
  if (meta.body - meta.start !== 12) throw new HeifStructureError('meta with a 64-bit size');
  const parts: Uint8Array[] = [];
  for (const child of heif.children) {
    const whole = bytes.subarray(child.start, child.end);
    if (child.type === 'iinf') {
      const kept = [...heif.infe].filter(([id]) => !gone.has(id)).map(([, b]) => bytes.subarray(b.start, b.end));
      const head = bytes.slice(child.start, heif.iinfHead.countAt + heif.iinfHead.countSize);
      const others = boxes(bytes, heif.iinfHead.countAt + heif.iinfHead.countSize, child.end).filter((b) => b.type !== 'infe').map((b) => bytes.subarray(b.start, b.end));
      writeN(head, heif.iinfHead.countAt - child.start, heif.iinfHead.countSize, kept.length);
      parts.push(sized(concat([head, ...kept, ...others])));
    } else if (child.type === 'iloc') {
      const { countAt, countSize } = heif.ilocHead;
      const kept = [...heif.locations.values()].filter((l) => !gone.has(l.id)).map((l) => bytes.subarray(l.start, l.end));
      const head = bytes.slice(child.start, countAt + countSize);
      writeN(head, countAt - child.start, countSize, kept.length);
      const last = Math.max(...[...heif.locations.values()].map((l) => l.end));
      parts.push(sized(concat([head, ...kept, bytes.subarray(last, child.end)])));
    } else if (child.type === 'iref') parts.push(irefWithout(bytes, child, gone));
    else if (child.type === 'iprp') {
      if (ipmaNames(bytes, child, gone)) throw new HeifStructureError('metadata item with properties');
      parts.push(whole);
    } else parts.push(whole);
  }
  const body = concat(parts);
  const saved = meta.end - meta.start - 12 - body.length;
  if (saved !== 0 && saved < 8) throw new HeifStructureError('no room for a free box');
  const head = bytes.slice(meta.start, meta.start + 12);
  writeN(head, 0, 4, 12 + body.length);
  return concat([bytes.subarray(0, meta.start), head, body, saved ? box('free', new Uint8Array(saved - 8)) : new Uint8Array(0), bytes.subarray(meta.end)]);
}

/** A box's bytes with its 32-bit size field set to its length. */
function sized(whole: Uint8Array): Uint8Array {
  writeN(whole, 0, 4, whole.length);
  return whole;
}

function irefWithout(bytes: Uint8Array, iref: Box, gone: Set<number>): Uint8Array {
  const idSize = bytes[iref.body - 4] === 0 ? 2 : 4;
  const refs: Uint8Array[] = [];
  for (const ref of boxes(bytes, iref.body, iref.end)) {
    const from = readN(bytes, ref.body, idSize);
    if (gone.has(from)) continue;
    const count = readU16(bytes, ref.body + idSize);
    const to: number[] = [];
    for (let i = 0; i < count; i++) to.push(readN(bytes, ref.body + idSize + 2 + i * idSize, idSize));
    const kept = to.filter((id) => !gone.has(id));
    if (!kept.length) continue;
    const content = new Uint8Array(idSize + 2 + kept.length * idSize);
    writeN(content, 0, idSize, from);
    writeN(content, idSize, 2, kept.length);
    kept.forEach((id, i) => writeN(content, idSize + 2 + i * idSize, idSize, id));
    refs.push(box(ref.type, content));
  }
  return sized(concat([bytes.slice(iref.start, iref.body), ...refs]));
}

/** Whether ipma gives properties to any of the items. */
function ipmaNames(bytes: Uint8Array, iprp: Box, gone: Set<number>): boolean {
  const ipma = boxes(bytes, iprp.body, iprp.end, ['ipma']).find((b) => b.type === 'ipma');
  if (!ipma) return false;
  const version = bytes[ipma.body - 4];
  const wide = (bytes[ipma.body - 1] & 1) === 1;
  const count = readU32(bytes, ipma.body);
  let at = ipma.body + 4;
  for (let i = 0; i < count && at < ipma.end; i++) {
    const id = readN(bytes, at, version < 1 ? 2 : 4);
    at += version < 1 ? 2 : 4;
    const n = bytes[at++];
    if (gone.has(id) && n > 0) return true;
    at += n * (wide ? 2 : 1);
  }
  return false;
}
