// HEIF metadata (HEIC and AVIF): EXIF and XMP are items of the 'meta' box (infe type 'Exif', or 'mime' with content
// type application/rdf+xml) whose bytes iloc points at, usually in mdat. Removing one rewrites iinf, iloc and iref
// without it, zeroes its bytes, and puts a top-level 'free' box of the bytes saved right after 'meta', so every offset
// in the file stays valid. "Remove location" edits the payload in place, padded to its old length. The coded image
// and its properties (the colour profile among them) are not touched.
import { boxes, exifParts, type Box, type Heif, HeifStructureError, itemData, type Location, parse, readN } from '../../../engines/codecs/heif-items';
import { readU16, readU32 } from '../../../engines/codecs/formats';
import { concat, emptyBlocks, type MetadataBlocks, type StripResult, type StripSettings } from './blocks';
import { removeGps, tiffHasGps } from './tiff';
import { editXmpBytes } from './xmp';

export { HeifStructureError, parse };

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
