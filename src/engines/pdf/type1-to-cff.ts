// Type 1 font program -> bare CFF (a PDF's FontFile3 /Type1C), as Ghostscript's pdfwrite does: the eexec encryption
// of a Type 1 program defeats Flate (CM fonts: 171 KB of 263 KB in a pdfTeX manual), the same glyphs as Type 2
// charstrings compress to about a quarter. Outlines, widths, hints, built-in encoding and names are carried over.
import { STANDARD_ENCODING, STANDARD_STRINGS } from './cff-strings';
import { runType1, toType2 } from './type1-charstring';
import { parseType1, type Type1Font } from './type1-parse';

const SID = new Map(STANDARD_STRINGS.map((s, i) => [s, i]));

function index(items: Uint8Array[]): number[] {
  if (items.length === 0) return [0, 0];
  const total = items.reduce((n, b) => n + b.length, 0) + 1;
  const offSize = total < 0x100 ? 1 : total < 0x10000 ? 2 : total < 0x1000000 ? 3 : 4;
  const out = [items.length >> 8, items.length & 0xff, offSize];
  let off = 1;
  const put = (v: number) => {
    for (let k = offSize - 1; k >= 0; k--) out.push((v >>> (8 * k)) & 0xff);
  };
  put(off);
  for (const b of items) put((off += b.length));
  for (const b of items) for (const v of b) out.push(v);
  return out;
}

function dictNumber(v: number, out: number[], wide = false): void {
  if (wide) {
    out.push(29, (v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  } else if (Number.isInteger(v) && Math.abs(v) <= 0x7fffffff) {
    if (v >= -107 && v <= 107) out.push(v + 139);
    else if (v >= 108 && v <= 1131) out.push(((v - 108) >> 8) + 247, (v - 108) & 0xff);
    else if (v >= -1131 && v <= -108) out.push(((-v - 108) >> 8) + 251, (-v - 108) & 0xff);
    else if (v >= -32768 && v <= 32767) out.push(28, (v >> 8) & 0xff, v & 0xff);
    else dictNumber(v, out, true);
  } else {
    const text = String(v).toLowerCase().replace('e+', 'e');
    const nibbles: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '.') nibbles.push(0xa);
      else if (c === 'e') {
        const negative = text[i + 1] === '-';
        nibbles.push(negative ? 0xc : 0xb);
        if (negative) i++;
      } else if (c === '-') nibbles.push(0xe);
      else nibbles.push(Number(c));
    }
    nibbles.push(0xf);
    if (nibbles.length % 2) nibbles.push(0xf);
    out.push(30);
    for (let i = 0; i < nibbles.length; i += 2) out.push((nibbles[i] << 4) | nibbles[i + 1]);
  }
}

class Dict {
  bytes: number[] = [];
  put(op: number, ...values: number[]): void {
    for (const v of values) dictNumber(v, this.bytes);
    if (op >= 1200) this.bytes.push(12, op - 1200);
    else this.bytes.push(op);
  }
  /** Fixed-width offsets, so the dictionary's size does not depend on them. */
  putOffsets(op: number, ...values: number[]): void {
    for (const v of values) dictNumber(v, this.bytes, true);
    this.bytes.push(op);
  }
}

const deltas = (v: number[]) => v.map((n, i) => (i === 0 ? n : n - v[i - 1]));
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

function privateDict(font: Type1Font): number[] {
  const d = new Dict();
  const ops: [string, number, boolean][] = [
    ['BlueValues', 6, true],
    ['OtherBlues', 7, true],
    ['FamilyBlues', 8, true],
    ['FamilyOtherBlues', 9, true],
    ['StdHW', 10, false],
    ['StdVW', 11, false],
    ['StemSnapH', 1212, true],
    ['StemSnapV', 1213, true],
    ['BlueScale', 1209, false],
    ['BlueShift', 1210, false],
    ['BlueFuzz', 1211, false],
    ['ForceBold', 1214, false],
    ['LanguageGroup', 1217, false],
    ['ExpansionFactor', 1218, false],
  ];
  for (const [key, op, delta] of ops) {
    const v = font.priv.get(key);
    if (v === undefined) continue;
    if (typeof v === 'boolean') {
      if (v) d.put(op, 1);
    } else if (Array.isArray(v)) d.put(op, ...(delta ? deltas(v) : v));
    else d.put(op, v);
  }
  return d.bytes;
}

/** The CFF form of a Type 1 font program; throws when the program cannot be read. */
export function type1ToCff(program: Uint8Array): Uint8Array {
  const font = parseType1(program);
  const strings: string[] = [];
  const sid = (s: string) => {
    const std = SID.get(s);
    if (std !== undefined) return std;
    let k = strings.indexOf(s);
    if (k < 0) k = strings.push(s) - 1;
    return STANDARD_STRINGS.length + k;
  };

  // Glyph order: .notdef, then the encoded glyphs by code (an encoding of format 0 lists them in that order), then the rest.
  const names = [...font.glyphs.keys()].filter((n) => n !== '.notdef');
  const codes = new Map<string, number[]>();
  if (font.encoding !== 'standard') {
    for (const [code, n] of [...font.encoding].sort((a, b) => a[0] - b[0])) {
      if (code < 256 && font.glyphs.has(n) && n !== '.notdef') codes.set(n, [...(codes.get(n) ?? []), code]);
    }
  }
  const encoded = names.filter((n) => codes.has(n)).sort((a, b) => codes.get(a)![0] - codes.get(b)![0]);
  const order = ['.notdef', ...encoded, ...names.filter((n) => !codes.has(n))];

  const charstrings = order.map((n) => {
    const program = font.glyphs.get(n);
    if (!program) return Uint8Array.of(139, 14); // 0 endchar: an empty .notdef
    const glyph = runType1(program, font.subrs);
    // An accent composite names its parts by Standard Encoding code; both must be glyphs of the font.
    if (glyph.seac && ![glyph.seac[2], glyph.seac[3]].every((c) => font.glyphs.has(STANDARD_STRINGS[STANDARD_ENCODING.get(c) ?? 0]))) {
      throw new Error('Type 1: accent composite of glyphs the font lacks');
    }
    return toType2(glyph);
  });

  const charset = [0, ...order.slice(1).flatMap((n) => [sid(n) >> 8, sid(n) & 0xff])];
  let encoding: number[] | null = null;
  if (font.encoding !== 'standard') {
    const sups: [number, number][] = [];
    for (const n of encoded) for (const c of codes.get(n)!.slice(1)) sups.push([c, sid(n)]);
    encoding = [sups.length ? 0x80 : 0, encoded.length, ...encoded.map((n) => codes.get(n)![0])];
    if (sups.length) encoding.push(sups.length, ...sups.flatMap(([c, s]) => [c, s >> 8, s & 0xff]));
  }

  const top = (offsets: { charset: number; encoding: number; charstrings: number; privSize: number; priv: number }) => {
    const d = new Dict();
    const info: [keyof Type1Font['info'], number][] = [
      ['version', 0],
      ['notice', 1],
      ['fullName', 2],
      ['familyName', 3],
      ['weight', 4],
    ];
    for (const [k, op] of info) if (font.info[k] !== undefined) d.put(op, sid(font.info[k]));
    if (font.isFixedPitch) d.put(1201, 1);
    if (font.italicAngle) d.put(1202, font.italicAngle);
    if (font.underlinePosition !== undefined && font.underlinePosition !== -100) d.put(1203, font.underlinePosition);
    if (font.underlineThickness !== undefined && font.underlineThickness !== 50) d.put(1204, font.underlineThickness);
    if (font.paintType) d.put(1205, font.paintType);
    const m = font.matrix;
    if (m.length === 6 && m.join(' ') !== '0.001 0 0 0.001 0 0') d.put(1207, ...m);
    if (font.bbox.length === 4) d.put(5, ...font.bbox);
    d.putOffsets(15, offsets.charset);
    if (encoding) d.putOffsets(16, offsets.encoding);
    d.putOffsets(17, offsets.charstrings);
    d.putOffsets(18, offsets.privSize, offsets.priv);
    return d.bytes;
  };

  const header = [1, 0, 4, 4];
  const nameIndex = index([ascii(font.name)]);
  const topSize = index([Uint8Array.from(top({ charset: 0, encoding: 0, charstrings: 0, privSize: 0, priv: 0 }))]).length;
  const stringIndex = index(strings.map(ascii));
  const globalSubrs = index([]);
  const charstringIndex = index(charstrings);
  const priv = privateDict(font);
  const charsetAt = header.length + nameIndex.length + topSize + stringIndex.length + globalSubrs.length;
  const encodingAt = charsetAt + charset.length;
  const charstringsAt = encodingAt + (encoding?.length ?? 0);
  const privAt = charstringsAt + charstringIndex.length;
  const topIndex = index([Uint8Array.from(top({ charset: charsetAt, encoding: encodingAt, charstrings: charstringsAt, privSize: priv.length, priv: privAt }))]);
  return Uint8Array.from([...header, ...nameIndex, ...topIndex, ...stringIndex, ...globalSubrs, ...charset, ...(encoding ?? []), ...charstringIndex, ...priv]);
}
