// Writes quantised DCT coefficients as a sequential Huffman JPEG with tables optimised for them (libjpeg's
// jpeg_gen_optimal_table): the coefficients, hence the decoded pixels, are exactly those given.
import { concatBytes } from '../../../lib/png-chunks';
import { ZIGZAG, type CoefficientImage } from './parse';

function category(v: number): number {
  let a = v < 0 ? -v : v;
  let n = 0;
  while (a) {
    n++;
    a >>= 1;
  }
  return n;
}

/** Code lengths from symbol frequencies, limited to 16 bits (JPEG Annex K.2). */
function optimalTable(freqIn: Uint32Array): { counts: Uint8Array; values: Uint8Array } {
  const freq = new Float64Array(257);
  freq.set(freqIn);
  if (!freqIn.some((f) => f > 0)) freq[0] = 1;
  freq[256] = 1;
  const codesize = new Int32Array(257);
  const others = new Int32Array(257).fill(-1);
  for (;;) {
    let c1 = -1;
    let v = Infinity;
    for (let i = 0; i <= 256; i++) {
      if (freq[i] && freq[i] <= v) {
        v = freq[i];
        c1 = i;
      }
    }
    let c2 = -1;
    v = Infinity;
    for (let i = 0; i <= 256; i++) {
      if (freq[i] && freq[i] <= v && i !== c1) {
        v = freq[i];
        c2 = i;
      }
    }
    if (c2 < 0) break;
    freq[c1] += freq[c2];
    freq[c2] = 0;
    codesize[c1]++;
    while (others[c1] >= 0) {
      c1 = others[c1];
      codesize[c1]++;
    }
    others[c1] = c2;
    codesize[c2]++;
    while (others[c2] >= 0) {
      c2 = others[c2];
      codesize[c2]++;
    }
  }
  const bits = new Int32Array(33);
  for (let i = 0; i <= 256; i++) if (codesize[i]) bits[codesize[i]]++;
  for (let i = 32; i > 16; i--) {
    while (bits[i] > 0) {
      let j = i - 2;
      while (bits[j] === 0) j--;
      bits[i] -= 2;
      bits[i - 1]++;
      bits[j + 1] += 2;
      bits[j]--;
    }
  }
  let i = 16;
  while (bits[i] === 0) i--;
  bits[i]--;
  const values: number[] = [];
  for (let len = 1; len <= 32; len++) for (let s = 0; s < 256; s++) if (codesize[s] === len) values.push(s);
  return { counts: Uint8Array.from(bits.subarray(1, 17)), values: Uint8Array.from(values) };
}

/** Canonical codes of a table: code and length by symbol. */
function codes(table: { counts: Uint8Array; values: Uint8Array }): { code: Uint16Array; size: Uint8Array } {
  const code = new Uint16Array(256);
  const size = new Uint8Array(256);
  let c = 0;
  let k = 0;
  for (let l = 1; l <= 16; l++) {
    for (let i = 0; i < table.counts[l - 1]; i++) {
      code[table.values[k]] = c++;
      size[table.values[k]] = l;
      k++;
    }
    c <<= 1;
  }
  return { code, size };
}

class BitWriter {
  private out: Uint8Array;
  private length = 0;
  private buf = 0;
  private bits = 0;
  constructor(capacity: number) {
    this.out = new Uint8Array(Math.max(1024, capacity));
  }
  private byte(b: number): void {
    if (this.length + 2 > this.out.length) {
      const bigger = new Uint8Array(this.out.length * 2);
      bigger.set(this.out);
      this.out = bigger;
    }
    this.out[this.length++] = b;
    if (b === 0xff) this.out[this.length++] = 0;
  }
  put(value: number, n: number): void {
    if (n === 0) return;
    this.buf = (this.buf << n) | (value & ((1 << n) - 1));
    this.bits += n;
    while (this.bits >= 8) {
      this.bits -= 8;
      this.byte((this.buf >>> this.bits) & 0xff);
    }
    this.buf &= (1 << this.bits) - 1;
  }
  finish(): Uint8Array {
    if (this.bits) this.put(0x7f, 8 - this.bits);
    return this.out.subarray(0, this.length);
  }
}

type Visit = (blk: Int16Array, offset: number, comp: number) => void;

/** Every block in scan order: interleaved MCUs when there are several components, the component's own blocks when one. */
function eachBlock(img: CoefficientImage, visit: Visit): void {
  const mcusW = Math.ceil(img.width / (8 * img.hmax));
  const mcusH = Math.ceil(img.height / (8 * img.vmax));
  if (img.components.length === 1) {
    const c = img.components[0];
    const bw = Math.ceil(Math.ceil((img.width * c.h) / img.hmax) / 8);
    const bh = Math.ceil(Math.ceil((img.height * c.v) / img.vmax) / 8);
    for (let by = 0; by < bh; by++) for (let bx = 0; bx < bw; bx++) visit(c.coeffs, (by * c.blocksW + bx) * 64, 0);
    return;
  }
  for (let my = 0; my < mcusH; my++)
    for (let mx = 0; mx < mcusW; mx++)
      img.components.forEach((c, ci) => {
        for (let y = 0; y < c.v; y++) for (let x = 0; x < c.h; x++) visit(c.coeffs, ((my * c.v + y) * c.blocksW + mx * c.h + x) * 64, ci);
      });
}

function segment(marker: number, payload: Uint8Array | number[]): Uint8Array {
  const out = new Uint8Array(4 + payload.length);
  out.set([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  out.set(payload, 4);
  return out;
}

export function writeCoefficients(img: CoefficientImage): Uint8Array {
  const table = (ci: number) => (ci === 0 ? 0 : 1);
  const dcFreq = [new Uint32Array(256), new Uint32Array(256)];
  const acFreq = [new Uint32Array(256), new Uint32Array(256)];
  const pred = new Int32Array(img.components.length);
  // Pass 1: symbol statistics.
  eachBlock(img, (blk, o, ci) => {
    const t = table(ci);
    dcFreq[t][category(blk[o] - pred[ci])]++;
    pred[ci] = blk[o];
    let run = 0;
    for (let k = 1; k < 64; k++) {
      const v = blk[o + ZIGZAG[k]];
      if (v === 0) {
        run++;
        continue;
      }
      while (run > 15) {
        acFreq[t][0xf0]++;
        run -= 16;
      }
      acFreq[t][(run << 4) | category(v)]++;
      run = 0;
    }
    if (run) acFreq[t][0]++;
  });
  const used = img.components.length > 1 ? [0, 1] : [0];
  const dcTables = used.map((t) => optimalTable(dcFreq[t]));
  const acTables = used.map((t) => optimalTable(acFreq[t]));
  const dcCodes = dcTables.map(codes);
  const acCodes = acTables.map(codes);

  // Pass 2: the entropy-coded data.
  const w = new BitWriter(img.components.reduce((n, c) => n + c.coeffs.length, 0) >> 2);
  pred.fill(0);
  eachBlock(img, (blk, o, ci) => {
    const t = table(ci);
    const dc = dcCodes[t];
    const ac = acCodes[t];
    const diff = blk[o] - pred[ci];
    pred[ci] = blk[o];
    const s = category(diff);
    w.put(dc.code[s], dc.size[s]);
    w.put(diff < 0 ? diff - 1 : diff, s);
    let run = 0;
    for (let k = 1; k < 64; k++) {
      const v = blk[o + ZIGZAG[k]];
      if (v === 0) {
        run++;
        continue;
      }
      while (run > 15) {
        w.put(ac.code[0xf0], ac.size[0xf0]);
        run -= 16;
      }
      const c = category(v);
      const sym = (run << 4) | c;
      w.put(ac.code[sym], ac.size[sym]);
      w.put(v < 0 ? v - 1 : v, c);
      run = 0;
    }
    if (run) w.put(ac.code[0], ac.size[0]);
  });
  const data = w.finish();

  const parts: Uint8Array[] = [new Uint8Array([0xff, 0xd8])];
  for (const e of img.extras) parts.push(segment(e.marker, e.payload));
  const tables = [...new Set(img.components.map((c) => c.tq))];
  let extended = false;
  for (const id of tables) {
    const q = img.qt[id];
    if (!q) throw new Error('missing quantisation table');
    const wide = q.some((v) => v > 255);
    extended ||= wide;
    const payload = [wide ? 0x10 | id : id];
    for (let k = 0; k < 64; k++) {
      const v = q[ZIGZAG[k]];
      if (wide) payload.push(v >> 8, v & 0xff);
      else payload.push(v);
    }
    parts.push(segment(0xdb, payload));
  }
  const sof = [8, img.height >> 8, img.height & 0xff, img.width >> 8, img.width & 0xff, img.components.length];
  for (const c of img.components) sof.push(c.id, (c.h << 4) | c.v, c.tq);
  parts.push(segment(extended ? 0xc1 : 0xc0, sof));
  used.forEach((t) => {
    for (const [cls, tab] of [
      [0, dcTables[t]],
      [1, acTables[t]],
    ] as const)
      parts.push(segment(0xc4, [(cls << 4) | t, ...tab.counts, ...tab.values]));
  });
  const sos = [img.components.length];
  img.components.forEach((c, ci) => sos.push(c.id, (table(ci) << 4) | table(ci)));
  sos.push(0, 63, 0);
  parts.push(segment(0xda, sos), data, new Uint8Array([0xff, 0xd9]));
  return concatBytes(parts);
}
