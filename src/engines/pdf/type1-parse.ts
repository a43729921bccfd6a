// Reads an embedded Type 1 font program (a PDF's FontFile: clear text, then the eexec-encrypted private part): its
// names, matrix, box, built-in encoding, private hinting values, subroutines and glyph programs (decrypted).

export interface Type1Font {
  name: string;
  /** Top DICT strings that are kept (copyright notice, names). */
  info: { version?: string; notice?: string; fullName?: string; familyName?: string; weight?: string };
  matrix: number[];
  bbox: number[];
  paintType: number;
  italicAngle: number;
  isFixedPitch: boolean;
  underlinePosition?: number;
  underlineThickness?: number;
  /** 'standard', or code -> glyph name. */
  encoding: 'standard' | Map<number, string>;
  /** Private dictionary values, numbers or number arrays, keyed by their Type 1 name. */
  priv: Map<string, number | number[] | boolean>;
  subrs: Uint8Array[];
  glyphs: Map<string, Uint8Array>;
}

const latin1 = (b: Uint8Array) => {
  let s = '';
  for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
  return s;
};

function decrypt(data: Uint8Array, key: number, skip: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, data.length - skip));
  let r = key;
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (i >= skip) out[i - skip] = c ^ (r >> 8);
    r = ((c + r) * 52845 + 22719) & 0xffff;
  }
  return out;
}

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** The eexec part as bytes: binary as it is, or the hexadecimal form decoded. */
function eexecBytes(b: Uint8Array, start: number): Uint8Array {
  let i = start;
  while (i < b.length && (b[i] === 32 || b[i] === 9 || b[i] === 10 || b[i] === 13)) i++;
  const hex = i + 4 <= b.length && [0, 1, 2, 3].every((k) => isHex(b[i + k]));
  if (!hex) return b.subarray(i);
  const out: number[] = [];
  let hi = -1;
  for (; i < b.length; i++) {
    const c = b[i];
    if (!isHex(c)) {
      if (c === 32 || c === 9 || c === 10 || c === 13) continue;
      break;
    }
    const v = c <= 57 ? c - 48 : (c | 32) - 87;
    if (hi < 0) hi = v;
    else {
      out.push((hi << 4) | v);
      hi = -1;
    }
  }
  return Uint8Array.from(out);
}

/** A PostScript string literal starting at `(`: its text with escapes resolved. */
function psString(s: string, at: number): string | undefined {
  if (s[at] !== '(') return undefined;
  let depth = 0;
  let out = '';
  for (let i = at; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      const oct = /^[0-7]{1,3}/.exec(s.slice(i + 1, i + 4));
      if (oct) {
        out += String.fromCharCode(parseInt(oct[0], 8) & 0xff);
        i += oct[0].length;
      } else {
        const e = s[++i];
        out += ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? (e === '\n' || e === '\r' ? '' : e);
      }
      continue;
    }
    if (c === '(' && depth++ === 0) continue;
    if (c === ')' && --depth === 0) return out;
    out += c;
  }
  return undefined;
}

const numbers = (text: string) => text.trim().split(/\s+/).filter(Boolean).map(Number);

function arrayValue(s: string, key: string): number[] | undefined {
  const m = new RegExp(`/${key}\\s*[\\[{]([^\\]}]*)[\\]}]`).exec(s);
  if (!m) return undefined;
  const v = numbers(m[1]);
  return v.every(Number.isFinite) ? v : undefined;
}

function numberValue(s: string, key: string): number | undefined {
  const m = new RegExp(`/${key}\\s+(-?[\\d.]+(?:[eE]-?\\d+)?)\\s`).exec(s);
  return m ? Number(m[1]) : undefined;
}

function boolValue(s: string, key: string): boolean | undefined {
  const m = new RegExp(`/${key}\\s+(true|false)\\b`).exec(s);
  return m ? m[1] === 'true' : undefined;
}

function stringValue(s: string, key: string): string | undefined {
  const m = new RegExp(`/${key}\\s*\\(`).exec(s);
  return m ? psString(s, m.index + m[0].length - 1) : undefined;
}

/** Binary entries `<prefix> <len> RD <len bytes> <terminator>` one after another from `from`, until the pattern stops. */
function binaryEntries(s: string, bytes: Uint8Array, from: number, head: RegExp): { key: string; data: Uint8Array }[] {
  const out: { key: string; data: Uint8Array }[] = [];
  const tail = /\s*(?:ND|NP|\|-|\||noaccess\s+(?:def|put)|def|put)?/y;
  let at = from;
  for (;;) {
    head.lastIndex = at;
    const m = head.exec(s);
    if (!m) return out;
    const len = Number(m[2]);
    const start = m.index + m[0].length;
    if (start + len > bytes.length) throw new Error('Type 1: a charstring runs past the end');
    out.push({ key: m[1], data: bytes.subarray(start, start + len) });
    tail.lastIndex = start + len;
    tail.exec(s);
    at = tail.lastIndex;
  }
}

export function parseType1(program: Uint8Array): Type1Font {
  const all = latin1(program);
  const eexec = all.indexOf('eexec');
  if (eexec < 0 || !/FontType\s+1\b/.test(all.slice(0, eexec))) throw new Error('not a Type 1 font program');
  const clear = all.slice(0, eexec);
  const privBytes = decrypt(eexecBytes(program, eexec + 5), 55665, 4);
  const priv = latin1(privBytes);

  let encoding: Type1Font['encoding'] = 'standard';
  if (!/\/Encoding\s+StandardEncoding/.test(clear)) {
    encoding = new Map();
    for (const m of clear.matchAll(/dup\s+(\d+)\s*\/([^\s/[\]{}()<>]+)\s+put/g)) encoding.set(Number(m[1]), m[2]);
  }
  const lenIV = numberValue(priv, 'lenIV') ?? 4;
  const charKey = (data: Uint8Array) => (lenIV < 0 ? data : decrypt(data, 4330, lenIV));

  const subrsAt = priv.search(/\/Subrs\s+\d+\s+array/);
  const subrs: Uint8Array[] = [];
  if (subrsAt >= 0) {
    for (const e of binaryEntries(priv, privBytes, subrsAt + priv.slice(subrsAt).indexOf('array') + 5, /\s*dup\s+(\d+)\s+(\d+)\s+\S+ /y)) {
      subrs[Number(e.key)] = charKey(e.data);
    }
  }
  const charsAt = priv.search(/\/CharStrings\s+\d+\s+dict/);
  if (charsAt < 0) throw new Error('Type 1: no CharStrings');
  const beginAt = priv.indexOf('begin', charsAt);
  const glyphs = new Map<string, Uint8Array>();
  for (const e of binaryEntries(priv, privBytes, beginAt + 5, /\s*\/([^\s/[\]{}()<>]+)\s+(\d+)\s+\S+ /y)) glyphs.set(e.key, charKey(e.data));
  if (glyphs.size === 0) throw new Error('Type 1: no glyphs');

  const privText = priv.slice(0, subrsAt >= 0 ? subrsAt : charsAt);
  const privValues = new Map<string, number | number[] | boolean>();
  for (const k of ['BlueValues', 'OtherBlues', 'FamilyBlues', 'FamilyOtherBlues', 'StdHW', 'StdVW', 'StemSnapH', 'StemSnapV']) {
    const v = arrayValue(privText, k);
    if (v && v.length > 0) privValues.set(k, k === 'StdHW' || k === 'StdVW' ? v[0] : v);
  }
  for (const k of ['BlueScale', 'BlueShift', 'BlueFuzz', 'LanguageGroup', 'ExpansionFactor']) {
    const v = numberValue(privText, k);
    if (v !== undefined && Number.isFinite(v)) privValues.set(k, v);
  }
  const forceBold = boolValue(privText, 'ForceBold');
  if (forceBold !== undefined) privValues.set('ForceBold', forceBold);

  const name = /\/FontName\s*\/([^\s/[\]{}()<>]+)/.exec(clear)?.[1] ?? 'Font';
  return {
    name,
    info: {
      version: stringValue(clear, 'version'),
      notice: stringValue(clear, 'Notice'),
      fullName: stringValue(clear, 'FullName'),
      familyName: stringValue(clear, 'FamilyName'),
      weight: stringValue(clear, 'Weight'),
    },
    matrix: arrayValue(clear, 'FontMatrix') ?? [0.001, 0, 0, 0.001, 0, 0],
    bbox: arrayValue(clear, 'FontBBox') ?? [0, 0, 0, 0],
    paintType: numberValue(clear, 'PaintType') ?? 0,
    italicAngle: numberValue(clear, 'ItalicAngle') ?? 0,
    isFixedPitch: boolValue(clear, 'isFixedPitch') ?? false,
    underlinePosition: numberValue(clear, 'UnderlinePosition'),
    underlineThickness: numberValue(clear, 'UnderlineThickness'),
    encoding,
    priv: privValues,
    subrs,
    glyphs,
  };
}
