// What a file says, for people: the metadata blocks read by exifr (EXIF, GPS, XMP, IPTC, ICC) into named groups.
// exifr reads JPEG segments, so the blocks of any container are handed to it as a small JPEG made of them alone.
import type { MetadataBlocks } from './blocks';
import { concat } from './blocks';

export interface MetadataGroup {
  /** 'exif' | 'gps' | 'xmp' | 'iptc' | 'icc' | 'comment' | 'other' (the page translates them). */
  id: string;
  entries: [string, string][];
}

export interface MetadataReport {
  groups: MetadataGroup[];
  location?: { latitude: number; longitude: number };
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function segment(marker: number, payload: Uint8Array): Uint8Array[] {
  const out = new Uint8Array(4 + payload.length);
  out.set([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  out.set(payload, 4);
  return payload.length + 2 <= 0xffff ? [out] : [];
}

/** The blocks as JPEG APP segments (ICC split into numbered 64 KB pieces), between SOI and EOI. */
export function blocksAsJpeg(blocks: MetadataBlocks): Uint8Array {
  const parts: Uint8Array[] = [new Uint8Array([0xff, 0xd8])];
  if (blocks.exif) parts.push(...segment(0xe1, concat([ascii('Exif\0\0'), blocks.exif])));
  for (const xmp of blocks.xmp.slice(0, 1)) parts.push(...segment(0xe1, concat([ascii('http://ns.adobe.com/xap/1.0/\0'), xmp])));
  if (blocks.iptc) parts.push(...segment(0xed, concat([ascii('Photoshop 3.0\0'), blocks.iptc])));
  if (blocks.icc) {
    const size = 65519;
    const count = Math.ceil(blocks.icc.length / size);
    for (let i = 0; i < count; i++) parts.push(...segment(0xe2, concat([ascii('ICC_PROFILE\0'), new Uint8Array([i + 1, count]), blocks.icc.subarray(i * size, (i + 1) * size)])));
  }
  parts.push(new Uint8Array([0xff, 0xd9]));
  return concat(parts);
}

function text(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().replace('T', ' ').replace(/\.000Z$/, ' UTC');
  if (value instanceof Uint8Array || ArrayBuffer.isView(value)) return `(${(value as ArrayBufferView).byteLength} bytes)`;
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}: ${text(v)}`).join('; ');
  return String(value ?? '');
}

const SECTIONS: [string, string[]][] = [
  ['exif', ['ifd0', 'exif', 'interop', 'ifd1']],
  ['gps', ['gps']],
  ['iptc', ['iptc']],
  ['icc', ['icc']],
];

/** Reads the blocks with exifr (loaded on first use, in the worker). */
export async function describeBlocks(blocks: MetadataBlocks): Promise<MetadataReport> {
  const groups: MetadataGroup[] = [];
  let location: MetadataReport['location'];
  const any = blocks.exif || blocks.xmp.length || blocks.iptc || blocks.icc;
  if (any) {
    const exifr = (await import('exifr')).default;
    const options = { jfif: false, mergeOutput: false, makerNote: false, translateValues: true, reviveValues: false, sanitize: true, silentErrors: true };
    const read = async (only: MetadataBlocks, xmp: boolean) =>
      ((await exifr.parse(blocksAsJpeg(only), { ...options, tiff: !xmp, ifd1: !xmp, iptc: !xmp, icc: !xmp, xmp })) ?? {}) as Record<string, Record<string, unknown> | undefined>;
    // XMP apart: exifr would merge its exif: namespace into the EXIF group.
    const parsed = await read({ ...blocks, xmp: [] }, false);
    const xmp = blocks.xmp.length ? await read({ xmp: blocks.xmp, comments: [], other: [] }, true) : {};
    for (const [id, keys] of SECTIONS) {
      const entries: [string, string][] = [];
      for (const key of keys) for (const [name, value] of Object.entries(parsed[key] ?? {})) entries.push([name, text(value)]);
      if (entries.length) groups.push({ id, entries });
    }
    const xmpEntries: [string, string][] = [];
    for (const [ns, values] of Object.entries(xmp)) {
      if (values && typeof values === 'object') for (const [name, value] of Object.entries(values)) xmpEntries.push([`${ns}:${name}`, text(value)]);
    }
    if (xmpEntries.length) groups.splice(groups.findIndex((g) => g.id === 'iptc' || g.id === 'icc') + 1 || groups.length, 0, { id: 'xmp', entries: xmpEntries });
    const gps = parsed.gps;
    if (gps && typeof gps.latitude === 'number' && typeof gps.longitude === 'number' && Number.isFinite(gps.latitude) && Number.isFinite(gps.longitude)) {
      location = { latitude: gps.latitude, longitude: gps.longitude };
    }
  }
  if (blocks.comments.length) groups.push({ id: 'comment', entries: blocks.comments.map((c, i) => [`#${i + 1}`, c]) });
  if (blocks.other.length) groups.push({ id: 'other', entries: blocks.other.map((o) => [o, '']) });
  return { groups, ...(location ? { location } : {}) };
}
