// Exact cut of H.264 in MP4/MOV/MKV (Matroska's CodecPrivate holds the same avcC record): one track holds one avcC, but the re-encoded heads come from another encoder with
// its own SPS/PPS, usually under the same ids (0) as the source's. The source's packets must stay byte for byte, so
// the encoder's side is renumbered instead: its SPS and PPS get ids the source does not use, its slices point at the
// new PPS, and the track's avcC carries both sets. A decoder switches SPS at each IDR (the head's first picture and
// the copied key frame after it), which H.264 allows. Only CAVLC slices are renumbered: the PPS id sits in the slice
// header before any alignment, so the rest of a CAVLC slice shifts as a whole; CABAC data would need realignment.

const SLICE = 1;
const IDR = 5;
const SPS = 7;
const PPS = 8;

/** An AVCDecoderConfigurationRecord, split. */
export interface AvcConfig {
  lengthSize: number;
  sps: Uint8Array[];
  pps: Uint8Array[];
  /** Bytes 1-3 (profile, compatibility, level) and the rest after the PPS (High profiles' chroma/bit-depth fields). */
  profile: Uint8Array;
  tail: Uint8Array;
}

export function parseAvcC(avcc: Uint8Array): AvcConfig | null {
  if (avcc.length < 7 || avcc[0] !== 1) return null;
  let at = 5;
  const read = (count: number) => {
    const nals: Uint8Array[] = [];
    for (let i = 0; i < count; i++) {
      if (at + 2 > avcc.length) return null;
      const length = (avcc[at] << 8) | avcc[at + 1];
      if (at + 2 + length > avcc.length) return null;
      nals.push(avcc.slice(at + 2, at + 2 + length));
      at += 2 + length;
    }
    return nals;
  };
  const sps = read(avcc[at++] & 0x1f);
  if (!sps || at >= avcc.length) return null;
  const pps = read(avcc[at++]);
  if (!pps) return null;
  return { lengthSize: (avcc[4] & 3) + 1, sps, pps, profile: avcc.slice(1, 4), tail: avcc.slice(at) };
}

export function serializeAvcC(c: AvcConfig): Uint8Array {
  const body = (nals: Uint8Array[]) => nals.flatMap((nal) => [nal.length >> 8, nal.length & 0xff, ...nal]);
  return new Uint8Array([1, ...c.profile, 0xfc | (c.lengthSize - 1), 0xe0 | c.sps.length, ...body(c.sps), c.pps.length, ...body(c.pps), ...c.tail]);
}

/** The RBSP of a NAL unit (after its header byte): emulation prevention bytes removed. */
function rbspOf(nal: Uint8Array): Uint8Array {
  const out: number[] = [];
  let zeros = 0;
  for (let i = 1; i < nal.length; i++) {
    const b = nal[i];
    if (zeros >= 2 && b === 3) {
      zeros = 0;
      continue;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return new Uint8Array(out);
}

/** A NAL unit from its header byte and RBSP: emulation prevention bytes inserted. */
function nalOf(header: number, rbsp: Uint8Array): Uint8Array {
  const out = [header];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return new Uint8Array(out);
}

class Bits {
  pos = 0;
  constructor(readonly data: Uint8Array) {}
  bit() {
    const b = (this.data[this.pos >> 3] >> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return b;
  }
  u(n: number) {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 2 + this.bit();
    return v;
  }
  ue() {
    let zeros = 0;
    while (this.bit() === 0) if (++zeros > 31) throw new Error('bad ue(v)');
    return (2 ** zeros - 1) + this.u(zeros);
  }
  /** Position of the rbsp_stop_one_bit: the last 1 bit. */
  stopBit() {
    for (let i = this.data.length - 1; i >= 0; i--) if (this.data[i]) return i * 8 + 7 - Math.log2(this.data[i] & -this.data[i]);
    throw new Error('no stop bit');
  }
}

class Writer {
  bits: number[] = [];
  u(n: number, v: number) {
    for (let i = n - 1; i >= 0; i--) this.bits.push(Math.floor(v / 2 ** i) & 1);
  }
  ue(v: number) {
    const len = Math.floor(Math.log2(v + 1));
    this.u(len, 0);
    this.u(len + 1, v + 1);
  }
  /** The bits of `r` from its position through its stop bit, then zeros to a byte boundary (bytewise past the header). */
  rest(r: Bits) {
    const stop = r.stopBit();
    const total = this.bits.length + stop - r.pos + 1;
    const out = new Uint8Array(Math.ceil(total / 8));
    let d = 0;
    const put = (b: number) => {
      out[d >> 3] |= b << (7 - (d & 7));
      d++;
    };
    for (const b of this.bits) put(b);
    while (d & 7 && r.pos <= stop) put(r.bit());
    const src = r.data;
    while (stop - r.pos + 1 >= 8) {
      const p = r.pos;
      const k = p >> 3;
      out[d >> 3] = (((src[k] << 8) | (src[k + 1] ?? 0)) >> (8 - (p & 7))) & 0xff;
      d += 8;
      r.pos += 8;
    }
    while (r.pos <= stop) put(r.bit());
    return out;
  }
}

export const nalType = (nal: Uint8Array) => nal[0] & 0x1f;
export const spsIdOf = (sps: Uint8Array) => {
  const r = new Bits(rbspOf(sps));
  r.u(24);
  return r.ue();
};
/** A PPS's own id, the SPS it names, and whether it codes slices with CABAC. */
export function ppsInfo(pps: Uint8Array): { id: number; sps: number; cabac: boolean } {
  const r = new Bits(rbspOf(pps));
  return { id: r.ue(), sps: r.ue(), cabac: r.bit() === 1 };
}

/** The SPS under another id. */
export function renumberSps(sps: Uint8Array, id: number): Uint8Array {
  const r = new Bits(rbspOf(sps));
  const w = new Writer();
  w.u(24, r.u(24));
  r.ue();
  w.ue(id);
  return nalOf(sps[0], w.rest(r));
}

/** The PPS under another id, naming another SPS. */
export function renumberPps(pps: Uint8Array, id: number, spsId: number): Uint8Array {
  const r = new Bits(rbspOf(pps));
  const w = new Writer();
  r.ue();
  r.ue();
  w.ue(id);
  w.ue(spsId);
  return nalOf(pps[0], w.rest(r));
}

/** A CAVLC slice pointing at another PPS (first_mb_in_slice, slice_type, then the id; the rest shifted). */
export function renumberSlice(slice: Uint8Array, ppsId: number): Uint8Array {
  const r = new Bits(rbspOf(slice));
  const w = new Writer();
  w.ue(r.ue());
  w.ue(r.ue());
  r.ue();
  w.ue(ppsId);
  return nalOf(slice[0], w.rest(r));
}

/** The NAL units of a length-prefixed sample. */
export function nalUnits(data: Uint8Array, lengthSize: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at + lengthSize <= data.length; ) {
    let length = 0;
    for (let i = 0; i < lengthSize; i++) length = length * 256 + data[at + i];
    at += lengthSize;
    if (length === 0 || at + length > data.length) throw new Error('bad NAL length');
    out.push(data.subarray(at, at + length));
    at += length;
  }
  return out;
}

export function sampleOf(nals: readonly Uint8Array[], lengthSize: number): Uint8Array {
  const out = new Uint8Array(nals.reduce((n, nal) => n + lengthSize + nal.length, 0));
  let at = 0;
  for (const nal of nals) {
    for (let i = lengthSize - 1; i >= 0; i--) out[at++] = Math.floor(nal.length / 256 ** i) & 0xff;
    out.set(nal, at);
    at += nal.length;
  }
  return out;
}

/** True when a sample of the source holds an IDR slice (where a decoder may switch SPS). */
export const isIdrSample = (data: Uint8Array, lengthSize: number) => {
  try {
    return nalUnits(data, lengthSize).some((nal) => nalType(nal) === IDR);
  } catch {
    return false;
  }
};

/**
 * Parameter sets of re-encoded pieces, renumbered past the source's, and the one avcC holding all of them.
 * `add` takes an encoder's avcC and returns the function that rewrites that encoder's samples, or null where it
 * cannot be spliced (CABAC, ids exhausted, unreadable).
 */
export class AvcSplice {
  private readonly config: AvcConfig;
  private readonly known = new Map<string, (data: Uint8Array) => Uint8Array>();
  private nextSps: number;
  private nextPps: number;

  constructor(source: AvcConfig) {
    this.config = { ...source, sps: [...source.sps], pps: [...source.pps] };
    this.nextSps = Math.max(-1, ...source.sps.map(spsIdOf)) + 1;
    this.nextPps = Math.max(-1, ...source.pps.map((p) => ppsInfo(p).id)) + 1;
  }

  description(): Uint8Array {
    return serializeAvcC(this.config);
  }

  add(encoderAvcC: Uint8Array): ((data: Uint8Array) => Uint8Array) | null {
    const key = Array.from(encoderAvcC).join(',');
    const seen = this.known.get(key);
    if (seen) return seen;
    const enc = parseAvcC(encoderAvcC);
    if (!enc || !enc.sps.length || !enc.pps.length) return null;
    const spsMap = new Map<number, number>();
    const ppsMap = new Map<number, number>();
    try {
      for (const sps of enc.sps) spsMap.set(spsIdOf(sps), this.nextSps++);
      for (const pps of enc.pps) {
        const info = ppsInfo(pps);
        if (info.cabac || !spsMap.has(info.sps)) return null;
        ppsMap.set(info.id, this.nextPps++);
      }
    } catch {
      return null;
    }
    if (this.nextSps > 32 || this.nextPps > 256) return null;
    const renumber = (nal: Uint8Array): Uint8Array => {
      const type = nalType(nal);
      if (type === SPS) return renumberSps(nal, spsMap.get(spsIdOf(nal)) ?? this.fail());
      if (type === PPS) {
        const info = ppsInfo(nal);
        return renumberPps(nal, ppsMap.get(info.id) ?? this.fail(), spsMap.get(info.sps) ?? this.fail());
      }
      if (type === SLICE || type === IDR) {
        const r = new Bits(rbspOf(nal));
        r.ue();
        r.ue();
        return renumberSlice(nal, ppsMap.get(r.ue()) ?? this.fail());
      }
      return nal;
    };
    for (const sps of enc.sps) this.config.sps.push(renumber(sps));
    for (const pps of enc.pps) this.config.pps.push(renumber(pps));
    const rewrite = (data: Uint8Array) => sampleOf(nalUnits(data, enc.lengthSize).map(renumber), this.config.lengthSize);
    this.known.set(key, rewrite);
    return rewrite;
  }

  private fail(): never {
    throw new Error('exact cut: a parameter set id the encoder did not describe');
  }
}
