// ITU-R BS.1770-4 loudness (EBU R128 gating), EBU Tech 3342 loudness range and a 4x-oversampled true peak,
// on planar float samples. Pure code: no DOM, run in the loudness worker and checked by Vitest against ffmpeg's ebur128.

export interface Loudness {
  /** Integrated loudness in LUFS; -Infinity when every block is under the -70 LUFS gate (silence). */
  integrated: number;
  /** Loudness range in LU. */
  range: number;
  /** True peak in dBTP. */
  truePeak: number;
}

type Biquad = [b0: number, b1: number, b2: number, a1: number, a2: number];

/** The K-weighting pre-filter and high-pass, computed for any sample rate (the same formulas as libebur128). */
export function kWeighting(rate: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const G = 3.999843853973347;
  let Q = 0.7071752369554196;
  let K = Math.tan((Math.PI * f0) / rate);
  const Vh = Math.pow(10, G / 20);
  const Vb = Math.pow(Vh, 0.4996667741545416);
  let a0 = 1 + K / Q + K * K;
  const shelf: Biquad = [(Vh + (Vb * K) / Q + K * K) / a0, (2 * (K * K - Vh)) / a0, (Vh - (Vb * K) / Q + K * K) / a0, (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0];
  f0 = 38.13547087602444;
  Q = 0.5003270373238773;
  K = Math.tan((Math.PI * f0) / rate);
  a0 = 1 + K / Q + K * K;
  const highPass: Biquad = [1, -2, 1, (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0];
  return [shelf, highPass];
}

/** BS.1770 channel weights in ffmpeg's channel order (5.1: FL FR FC LFE BL BR): the LFE counts for nothing, surrounds 1.41. */
export function channelWeights(channels: number): number[] {
  if (channels === 6) return [1, 1, 1, 0, 1.41, 1.41];
  if (channels === 5) return [1, 1, 1, 1.41, 1.41];
  return Array.from({ length: channels }, () => 1);
}

/** Weighted mean-square energy of each 100 ms step, summed over the channels. */
function stepEnergies(channels: Float32Array[], rate: number): { energies: Float64Array; step: number } {
  const step = Math.round(rate / 10);
  const length = channels[0]?.length ?? 0;
  const steps = Math.floor(length / step);
  const energies = new Float64Array(steps);
  const [s, h] = kWeighting(rate);
  const weights = channelWeights(channels.length);
  channels.forEach((x, c) => {
    const w = weights[c];
    if (!w) return;
    // Direct form II transposed, both stages, in double precision.
    let s1 = 0, s2 = 0, h1 = 0, h2 = 0;
    for (let k = 0; k < steps; k++) {
      let sum = 0;
      const end = (k + 1) * step;
      for (let n = k * step; n < end; n++) {
        const v = x[n];
        const y = s[0] * v + s1;
        s1 = s[1] * v - s[3] * y + s2;
        s2 = s[2] * v - s[4] * y;
        const z = y + h1;
        h1 = h[1] * y - h[3] * z + h2;
        h2 = h[2] * y - h[4] * z;
        sum += z * z;
      }
      energies[k] += (w * sum) / step;
    }
  });
  return { energies, step };
}

const toLufs = (energy: number) => -0.691 + 10 * Math.log10(energy);

/** Mean energies of blocks `size` steps long, one per step (400 ms blocks overlap by 75 %, 3 s blocks hop 100 ms). */
function blocks(energies: Float64Array, size: number): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let k = 0; k < energies.length; k++) {
    sum += energies[k];
    if (k >= size) sum -= energies[k - size];
    if (k >= size - 1) out.push(Math.max(0, sum) / size);
  }
  return out;
}

function gatedMean(values: number[], relativeLu: number): number[] {
  const absolute = values.filter((e) => toLufs(e) > -70);
  if (!absolute.length) return [];
  const mean = absolute.reduce((a, b) => a + b, 0) / absolute.length;
  const gate = toLufs(mean) + relativeLu;
  return absolute.filter((e) => toLufs(e) > gate);
}

export function integratedLoudness(energies: Float64Array): number {
  const kept = gatedMean(blocks(energies, 4), -10);
  return kept.length ? toLufs(kept.reduce((a, b) => a + b, 0) / kept.length) : -Infinity;
}

export function loudnessRange(energies: Float64Array): number {
  const kept = gatedMean(blocks(energies, 30), -20)
    .map(toLufs)
    .sort((a, b) => a - b);
  if (kept.length < 2) return 0;
  const at = (p: number) => kept[Math.round((kept.length - 1) * p)];
  return at(0.95) - at(0.1);
}

const TAPS = 16;

/** Polyphase interpolation filter for 4x oversampling: a Blackman-windowed sinc, phases 1..3 (phase 0 is the sample). */
function phases(): Float64Array[] {
  return [1, 2, 3].map((p) => {
    const taps = new Float64Array(TAPS);
    for (let i = 0; i < TAPS; i++) {
      const t = i - TAPS / 2 + 1 - p / 4; // distance (in input samples) from tap i to the interpolated point
      const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
      const u = (i + 1 - p / 4) / TAPS; // window position 0..1
      const window = 0.42 - 0.5 * Math.cos(2 * Math.PI * u) + 0.08 * Math.cos(4 * Math.PI * u);
      taps[i] = sinc * window;
    }
    // Unity gain at DC, so a constant signal keeps its level.
    const sum = taps.reduce((a, b) => a + b, 0);
    return taps.map((v) => v / sum);
  });
}

const PHASES = phases();

/**
 * The true-peak envelope: for each sample, the largest absolute value of the 4x-oversampled signal over all channels
 * between it and the next sample. `into` receives it (allocated if not given); the maximum is returned.
 */
export function truePeakEnvelope(channels: Float32Array[], into?: Float32Array): { peak: number; envelope?: Float32Array } {
  const length = channels[0]?.length ?? 0;
  let peak = 0;
  for (const x of channels) {
    for (let n = 0; n < length; n++) {
      let m = Math.abs(x[n]);
      // Interpolated points between x[n] and x[n+1], from x[n-7 .. n+8].
      const base = n - TAPS / 2 + 1;
      for (const taps of PHASES) {
        let acc = 0;
        if (base >= 0 && base + TAPS <= length) {
          for (let i = 0; i < TAPS; i++) acc += taps[i] * x[base + i];
        } else {
          for (let i = 0; i < TAPS; i++) {
            const j = base + i;
            if (j >= 0 && j < length) acc += taps[i] * x[j];
          }
        }
        const a = Math.abs(acc);
        if (a > m) m = a;
      }
      if (into && m > into[n]) into[n] = m;
      if (m > peak) peak = m;
    }
  }
  return { peak, envelope: into };
}

export const toDb = (linear: number) => 20 * Math.log10(linear);

export function measureLoudness(channels: Float32Array[], rate: number): Loudness {
  const { energies } = stepEnergies(channels, rate);
  return { integrated: integratedLoudness(energies), range: loudnessRange(energies), truePeak: toDb(truePeakEnvelope(channels).peak) };
}

/** Only the integrated loudness (cheaper: no true peak). */
export function measureIntegrated(channels: Float32Array[], rate: number): number {
  return integratedLoudness(stepEnergies(channels, rate).energies);
}
