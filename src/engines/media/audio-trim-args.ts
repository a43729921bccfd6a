// The ffmpeg arguments of an audio trim that has to re-encode (FLAC, fades on lossy formats, containers mediabunny
// cannot copy): each kept range cut by atrim to the sample, joined by concat, faded by afade. Pure.
import type { TimeRange } from '../../lib/time-ranges';

export interface ReencodeTrimPlan {
  kept: TimeRange[];
  /** The source's sample rate when known: cuts are then given in samples (exact); otherwise in seconds. */
  sampleRate?: number;
  /** Seconds. */
  fadeIn: number;
  fadeOut: number;
}

/** Seconds kept, as the sample frames the cuts round to (the WAV path's rounding: nearest frame). */
export function keptSeconds({ kept, sampleRate }: ReencodeTrimPlan): number {
  if (!sampleRate) return kept.reduce((n, r) => n + r.end - r.start, 0);
  return kept.reduce((n, r) => n + Math.round(r.end * sampleRate) - Math.round(r.start * sampleRate), 0) / sampleRate;
}

/** `-filter_complex … -map [out]` followed by the encoder's arguments. */
export function audioTrimArgs(plan: ReencodeTrimPlan, encoder: string[]): string[] {
  const rate = plan.sampleRate;
  const cut = (r: TimeRange) => (rate ? `start_sample=${Math.round(r.start * rate)}:end_sample=${Math.round(r.end * rate)}` : `start=${r.start}:end=${r.end}`);
  const pieces = plan.kept.map((r, i) => `[0:a:0]atrim=${cut(r)},asetpts=N/SR/TB[p${i}]`);
  const chain: string[] = [`${plan.kept.map((_, i) => `[p${i}]`).join('')}concat=n=${plan.kept.length}:v=0:a=1`];
  const total = keptSeconds(plan);
  const fadeIn = Math.min(plan.fadeIn, total);
  const fadeOut = Math.min(plan.fadeOut, total);
  if (rate) {
    const all = Math.round(total * rate);
    const nIn = Math.round(fadeIn * rate);
    const nOut = Math.round(fadeOut * rate);
    if (nIn) chain.push(`afade=t=in:ss=0:ns=${nIn}:curve=tri`);
    if (nOut) chain.push(`afade=t=out:ss=${all - nOut}:ns=${nOut}:curve=tri`);
  } else {
    if (fadeIn) chain.push(`afade=t=in:st=0:d=${fadeIn}:curve=tri`);
    if (fadeOut) chain.push(`afade=t=out:st=${total - fadeOut}:d=${fadeOut}:curve=tri`);
  }
  return ['-vn', '-filter_complex', `${pieces.join(';')};${chain.join(',')}[out]`, '-map', '[out]', ...encoder];
}
