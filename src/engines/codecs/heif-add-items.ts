// EXIF and XMP added to an AVIF the encoder wrote (libavif: one meta with iloc version 0–1, items in the file's mdat):
// an Exif item and an application/rdf+xml item, each described in iinf, located in iloc and linked to the picture
// by a 'cdsc' reference, their bytes in an mdat box of their own at the end. 'meta' grows, so every existing file
// offset in iloc moves by as much. Null when the file is laid out otherwise (the caller keeps the bare file).
import { concatBytes as concat } from '../../lib/png-chunks';
import { boxes, parse } from './heif-items';
import { readU16, readU32 } from './formats';

const enc = new TextEncoder();

function box(type: string, body: Uint8Array, full?: { version: number }): Uint8Array {
  const head = new Uint8Array(full ? 12 : 8);
  new DataView(head.buffer).setUint32(0, head.length + body.length);
  head.set(enc.encode(type), 4);
  if (full) head[8] = full.version;
  return concat([head, body]);
}

const u16 = (v: number) => new Uint8Array([v >> 8, v & 255]);
const u32 = (v: number) => new Uint8Array([v >>> 24, (v >> 16) & 255, (v >> 8) & 255, v & 255]);

export function addHeifMetadata(bytes: Uint8Array, exifTiff: Uint8Array | null, xmp: Uint8Array | null): Uint8Array | null {
  if (!exifTiff && !xmp) return bytes;
  try {
    const heif = parse(bytes);
    const { meta, children } = heif;
    if (meta.body - meta.start !== 12) return null;
    const top = boxes(bytes, 0, bytes.length);
    if (top.some((b) => b.type !== 'mdat' && b.start > meta.start && b.type !== 'free')) return null;
    const iloc = children.find((b) => b.type === 'iloc');
    const iinf = children.find((b) => b.type === 'iinf');
    const pitm = children.find((b) => b.type === 'pitm');
    if (!iloc || !iinf || !pitm || heif.iinfVersion !== 0 || bytes[pitm.body - 4] !== 0) return null;
    const primary = readU16(bytes, pitm.body);
    const version = bytes[iloc.body - 4];
    // Every existing item is written back with absolute file extents (construction method 0, no extent index).
    const locs = [...heif.locations.values()];
    if (version > 1 || (version === 1 && (bytes[iloc.body + 1] & 15) !== 0)) return null;
    const ids = [...heif.infe.keys()];
    const firstId = Math.max(0, ...ids) + 1;
    if (firstId + 2 > 0xffff) return null;
    const added: { id: number; infe: Uint8Array; data: Uint8Array }[] = [];
    if (exifTiff) added.push({ id: firstId, infe: concat([u16(firstId), u16(0), enc.encode('Exif\0')]), data: concat([u32(0), exifTiff]) });
    if (xmp) added.push({ id: firstId + added.length, infe: concat([u16(firstId + added.length), u16(0), enc.encode('mime\0application/rdf+xml\0')]), data: xmp });

    const build = (shift: number, tail: number) => {
      // iloc version 0 (or 1 with method 0), offsets and lengths of 4 bytes, no base offset.
      const entries: Uint8Array[] = [];
      for (const l of locs) {
        if (l.extents.some((e) => e.at < 0)) throw new Error('idat item');
        entries.push(concat([u16(l.id), ...(version === 1 ? [u16(0)] : []), u16(0), u16(l.extents.length), ...l.extents.flatMap((e) => [u32(e.at + shift), u32(e.length)])]));
      }
      let at = tail;
      for (const a of added) {
        entries.push(concat([u16(a.id), ...(version === 1 ? [u16(0)] : []), u16(0), u16(1), u32(at), u32(a.data.length)]));
        at += a.data.length;
      }
      const newIloc = box('iloc', concat([new Uint8Array([0x44, 0x00]), u16(locs.length + added.length), ...entries]), { version });
      const infes = [...heif.infe.values()].map((b) => bytes.subarray(b.start, b.end));
      const newIinf = box('iinf', concat([u16(infes.length + added.length), ...infes, ...added.map((a) => box('infe', a.infe, { version: 2 }))]), { version: 0 });
      const cdsc = added.map((a) => box('cdsc', concat([u16(a.id), u16(1), u16(primary)])));
      const oldIref = children.find((b) => b.type === 'iref');
      if (oldIref && bytes[oldIref.body - 4] !== 0) throw new Error('iref version');
      const newIref = oldIref ? box('iref', concat([bytes.subarray(oldIref.body, oldIref.end), ...cdsc]), { version: 0 }) : box('iref', concat(cdsc), { version: 0 });
      const parts = children.map((c) => (c.type === 'iloc' ? newIloc : c.type === 'iinf' ? newIinf : c.type === 'iref' ? newIref : bytes.subarray(c.start, c.end)));
      if (!oldIref) parts.push(newIref);
      return box('meta', concat(parts), { version: bytes[meta.start + 8] });
    };
    const first = build(0, 0);
    const shift = first.length - (meta.end - meta.start);
    const metadataBox = box('mdat', concat(added.map((a) => a.data)));
    const tail = bytes.length + shift + 8;
    const newMeta = build(shift, tail);
    if (newMeta.length !== first.length) return null;
    if (readU32(newMeta, 0) !== newMeta.length) return null;
    return concat([bytes.subarray(0, meta.start), newMeta, bytes.subarray(meta.end), metadataBox]);
  } catch {
    return null;
  }
}
