// A JPEG's DCT coefficients, entropy-decoded and nothing more: no dequantisation, no IDCT, so a transform of the
// coefficients (jpegtran's lossless rotate, flip and crop) changes no pixel. Huffman-coded baseline, extended and
// progressive files; arithmetic coding, 12-bit and lossless JPEG are refused with UnsupportedJpeg.

export class UnsupportedJpeg extends Error {}
export class CorruptJpeg extends Error {}

/** Natural (row-major) index of the zig-zag position k. */
export const ZIGZAG = new Uint8Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
  30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

export interface Component {
  id: number;
  h: number;
  v: number;
  /** Quantisation table id. */
  tq: number;
  /** Block grid padded to whole MCUs. */
  blocksW: number;
  blocksH: number;
  /** 64 coefficients per block, natural order, blocks row by row. */
  coeffs: Int16Array;
}

export interface CoefficientImage {
  width: number;
  height: number;
  components: Component[];
  /** Quantisation tables by id, natural order. */
  qt: (Uint16Array | undefined)[];
  /** The segments before the frame that are not tables (APPn, COM), to copy. */
  extras: { marker: number; payload: Uint8Array }[];
  hmax: number;
  vmax: number;
}

interface Huffman {
  maxcode: Int32Array;
  valptr: Int32Array;
  mincode: Int32Array;
  values: Uint8Array;
  /** 9-bit lookahead: (length << 8) | symbol, or 0 when the code is longer. */
  fast: Uint16Array;
}

function buildHuffman(counts: Uint8Array, values: Uint8Array): Huffman {
  const maxcode = new Int32Array(18).fill(-1);
  const valptr = new Int32Array(17);
  const mincode = new Int32Array(17);
  const fast = new Uint16Array(512);
  let code = 0;
  let k = 0;
  for (let l = 1; l <= 16; l++) {
    valptr[l] = k;
    mincode[l] = code;
    const n = counts[l - 1];
    if (n) {
      if (l <= 9) for (let i = 0; i < n; i++) {
        const c = code + i;
        const start = c << (9 - l);
        for (let j = 0; j < 1 << (9 - l); j++) fast[start + j] = (l << 8) | values[k + i];
      }
      code += n;
      k += n;
      maxcode[l] = code - 1;
    }
    code <<= 1;
  }
  maxcode[17] = 0x7fffffff;
  return { maxcode, valptr, mincode, values, fast };
}

class BitReader {
  private buf = 0;
  private bits = 0;
  /** Set when a marker stopped the data: zeros are fed from then on (as libjpeg does). */
  private hitMarker = false;
  constructor(
    private data: Uint8Array,
    public pos: number,
    private end: number,
  ) {}

  private fill(): void {
    while (this.bits <= 24) {
      let byte = 0;
      if (!this.hitMarker && this.pos < this.end) {
        byte = this.data[this.pos];
        if (byte === 0xff) {
          const next = this.data[this.pos + 1];
          if (next === 0) this.pos += 2;
          else {
            this.hitMarker = true;
            byte = 0;
          }
        } else this.pos++;
      }
      this.buf = (this.buf << 8) | byte;
      this.bits += 8;
    }
  }

  bit(): number {
    if (this.bits === 0) this.fill();
    this.bits--;
    return (this.buf >>> this.bits) & 1;
  }

  receive(n: number): number {
    if (n === 0) return 0;
    if (this.bits < n) this.fill();
    this.bits -= n;
    return (this.buf >>> this.bits) & ((1 << n) - 1);
  }

  extend(n: number): number {
    if (n === 0) return 0;
    const v = this.receive(n);
    return v < 1 << (n - 1) ? v - (1 << n) + 1 : v;
  }

  decode(t: Huffman): number {
    if (this.bits < 16) this.fill();
    const peek = (this.buf >>> (this.bits - 9)) & 0x1ff;
    const f = t.fast[peek];
    if (f) {
      this.bits -= f >> 8;
      return f & 0xff;
    }
    let code = 0;
    for (let l = 1; l <= 16; l++) {
      code = (code << 1) | this.bit();
      if (code <= t.maxcode[l]) return t.values[t.valptr[l] + code - t.mincode[l]];
    }
    throw new CorruptJpeg('bad Huffman code');
  }

  /** Restart: drop the bits left, skip the RSTn marker. */
  restart(): void {
    this.bits = 0;
    this.buf = 0;
    this.hitMarker = false;
    while (this.pos + 1 < this.end && !(this.data[this.pos] === 0xff && this.data[this.pos + 1] >= 0xd0 && this.data[this.pos + 1] <= 0xd7)) this.pos++;
    if (this.pos + 1 < this.end) this.pos += 2;
  }
}

/** Offset of the first marker after entropy-coded data starting at `at` (stuffed zeros and RSTn are data). */
function entropyEnd(data: Uint8Array, at: number): number {
  const n = data.length;
  while (at + 1 < n) {
    if (data[at] === 0xff) {
      const m = data[at + 1];
      if (m !== 0 && m !== 0xff && (m < 0xd0 || m > 0xd7)) return at;
    }
    at++;
  }
  return n;
}

interface ScanComponent {
  c: Component;
  dc?: Huffman;
  ac?: Huffman;
  pred: number;
}

function decodeScan(data: Uint8Array, start: number, end: number, img: CoefficientImage, comps: ScanComponent[], restartInterval: number, ss: number, se: number, ah: number, al: number, progressive: boolean): void {
  const reader = new BitReader(data, start, end);
  let eobrun = 0;
  const p1 = 1 << al;
  const m1 = -1 << al;

  const decodeBlock = (sc: ScanComponent, offset: number) => {
    const blk = sc.c.coeffs;
    if (!progressive) {
      const t = reader.decode(sc.dc!);
      sc.pred += reader.extend(t);
      blk[offset] = sc.pred;
      for (let k = 1; k < 64; ) {
        const rs = reader.decode(sc.ac!);
        const s = rs & 15;
        const r = rs >> 4;
        if (s === 0) {
          if (r < 15) break;
          k += 16;
          continue;
        }
        k += r;
        if (k > 63) throw new CorruptJpeg('coefficient index');
        blk[offset + ZIGZAG[k]] = reader.extend(s);
        k++;
      }
      return;
    }
    if (ss === 0) {
      if (ah === 0) {
        const t = reader.decode(sc.dc!);
        sc.pred += reader.extend(t);
        blk[offset] = sc.pred * p1;
      } else if (reader.bit()) blk[offset] |= p1;
      return;
    }
    if (ah === 0) {
      if (eobrun > 0) {
        eobrun--;
        return;
      }
      for (let k = ss; k <= se; ) {
        const rs = reader.decode(sc.ac!);
        const s = rs & 15;
        const r = rs >> 4;
        if (s === 0) {
          if (r < 15) {
            eobrun = (1 << r) - 1 + reader.receive(r);
            break;
          }
          k += 16;
          continue;
        }
        k += r;
        if (k > 63) throw new CorruptJpeg('coefficient index');
        blk[offset + ZIGZAG[k]] = reader.extend(s) * p1;
        k++;
      }
      return;
    }
    // AC refinement (libjpeg's decode_mcu_AC_refine).
    let k = ss;
    if (eobrun === 0) {
      for (; k <= se; k++) {
        const rs = reader.decode(sc.ac!);
        let r = rs >> 4;
        let s = rs & 15;
        if (s) s = reader.bit() ? p1 : m1;
        else if (r !== 15) {
          eobrun = 1 << r;
          if (r) eobrun += reader.receive(r);
          break;
        }
        do {
          const z = offset + ZIGZAG[k];
          if (blk[z] !== 0) {
            if (reader.bit() && (blk[z] & p1) === 0) blk[z] += blk[z] >= 0 ? p1 : m1;
          } else if (--r < 0) break;
          k++;
        } while (k <= se);
        if (s && k <= 63) blk[offset + ZIGZAG[k]] = s;
      }
    }
    if (eobrun > 0) {
      for (; k <= se; k++) {
        const z = offset + ZIGZAG[k];
        if (blk[z] !== 0 && reader.bit() && (blk[z] & p1) === 0) blk[z] += blk[z] >= 0 ? p1 : m1;
      }
      eobrun--;
    }
  };

  const mcusW = Math.ceil(img.width / (8 * img.hmax));
  const mcusH = Math.ceil(img.height / (8 * img.vmax));
  let done = 0;
  const afterMcu = () => {
    done++;
    if (restartInterval && done % restartInterval === 0) {
      reader.restart();
      eobrun = 0;
      for (const sc of comps) sc.pred = 0;
    }
  };
  if (comps.length === 1) {
    // Non-interleaved: the component's own blocks, as far as the image reaches.
    const c = comps[0].c;
    const bw = Math.ceil(Math.ceil((img.width * c.h) / img.hmax) / 8);
    const bh = Math.ceil(Math.ceil((img.height * c.v) / img.vmax) / 8);
    for (let by = 0; by < bh; by++) {
      for (let bx = 0; bx < bw; bx++) {
        decodeBlock(comps[0], (by * c.blocksW + bx) * 64);
        afterMcu();
      }
    }
    return;
  }
  for (let my = 0; my < mcusH; my++) {
    for (let mx = 0; mx < mcusW; mx++) {
      for (const sc of comps) {
        const { h, v, blocksW } = sc.c;
        for (let y = 0; y < v; y++) for (let x = 0; x < h; x++) decodeBlock(sc, ((my * v + y) * blocksW + mx * h + x) * 64);
      }
      afterMcu();
    }
  }
}

/** Entropy-decodes a JPEG to its quantised DCT coefficients. */
export function readCoefficients(data: Uint8Array): CoefficientImage {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) throw new CorruptJpeg('not a JPEG');
  const dcTables: Huffman[] = [];
  const acTables: Huffman[] = [];
  const img: CoefficientImage = { width: 0, height: 0, components: [], qt: [], extras: [], hmax: 1, vmax: 1 };
  let progressive = false;
  let restartInterval = 0;
  let framed = false;
  let scanned = false;
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) throw new CorruptJpeg('marker expected');
    const marker = data[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9) break;
    const length = (data[at + 2] << 8) | data[at + 3];
    const p = at + 4;
    const end = at + 2 + length;
    if (length < 2 || end > data.length) throw new CorruptJpeg('truncated');
    if (marker === 0xdb) {
      for (let q = p; q < end; ) {
        const pq = data[q] >> 4;
        const id = data[q] & 15;
        const table = new Uint16Array(64);
        for (let k = 0; k < 64; k++) table[ZIGZAG[k]] = pq ? (data[q + 1 + 2 * k] << 8) | data[q + 2 + 2 * k] : data[q + 1 + k];
        img.qt[id] = table;
        q += 1 + (pq ? 128 : 64);
      }
    } else if (marker === 0xc4) {
      for (let q = p; q < end; ) {
        const tc = data[q] >> 4;
        const id = data[q] & 15;
        const counts = data.subarray(q + 1, q + 17);
        const total = counts.reduce((s, n) => s + n, 0);
        const table = buildHuffman(counts, data.slice(q + 17, q + 17 + total));
        (tc ? acTables : dcTables)[id] = table;
        q += 17 + total;
      }
    } else if (marker === 0xdd) restartInterval = (data[p] << 8) | data[p + 1];
    else if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      if (data[p] !== 8) throw new UnsupportedJpeg('precision');
      progressive = marker === 0xc2;
      img.height = (data[p + 1] << 8) | data[p + 2];
      img.width = (data[p + 3] << 8) | data[p + 4];
      if (!img.width || !img.height) throw new UnsupportedJpeg('no height');
      const n = data[p + 5];
      const raw = [];
      for (let i = 0; i < n; i++) raw.push({ id: data[p + 6 + 3 * i], h: data[p + 7 + 3 * i] >> 4, v: data[p + 7 + 3 * i] & 15, tq: data[p + 8 + 3 * i] });
      if (raw.some((c) => c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4)) throw new CorruptJpeg('sampling');
      img.hmax = Math.max(...raw.map((c) => c.h));
      img.vmax = Math.max(...raw.map((c) => c.v));
      const mcusW = Math.ceil(img.width / (8 * img.hmax));
      const mcusH = Math.ceil(img.height / (8 * img.vmax));
      img.components = raw.map((c) => ({ ...c, blocksW: mcusW * c.h, blocksH: mcusH * c.v, coeffs: new Int16Array(mcusW * c.h * mcusH * c.v * 64) }));
      framed = true;
    } else if (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) throw new UnsupportedJpeg('coding');
    else if (marker === 0xda) {
      if (!framed) throw new CorruptJpeg('scan before frame');
      const ns = data[p];
      const comps: ScanComponent[] = [];
      for (let i = 0; i < ns; i++) {
        const c = img.components.find((x) => x.id === data[p + 1 + 2 * i]);
        if (!c) throw new CorruptJpeg('scan component');
        const t = data[p + 2 + 2 * i];
        comps.push({ c, dc: dcTables[t >> 4], ac: acTables[t & 15], pred: 0 });
      }
      const q = p + 1 + 2 * ns;
      const ss = data[q];
      const se = data[q + 1];
      const ah = data[q + 2] >> 4;
      const al = data[q + 2] & 15;
      const needsDc = ss === 0 && ah === 0;
      const needsAc = !progressive || ss > 0;
      if (comps.some((sc) => (needsDc && !sc.dc) || (needsAc && !sc.ac))) throw new CorruptJpeg('missing table');
      const stop = entropyEnd(data, end);
      decodeScan(data, end, stop, img, comps, restartInterval, ss, Math.min(se, 63), ah, al, progressive);
      scanned = true;
      at = stop;
      continue;
    } else if (!framed && ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe)) img.extras.push({ marker, payload: data.slice(p, end) });
    at = end;
  }
  if (!scanned) throw new CorruptJpeg('no image data');
  return img;
}
