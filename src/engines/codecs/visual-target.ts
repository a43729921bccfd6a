// "Aim for a visual quality": the smallest file whose SSIMULACRA 2 score, measured at full size against the
// original, reaches the target. A big photo is searched on a downscaled proxy (each try encoded, decoded and
// scored there), then a short refinement at full size: the proxy's answer is encoded and scored at full size and,
// while it misses the target, the quality goes up by what the proxy's slope says is needed (at most a few steps).
import { decodeOutput } from './decode';
import { encodeImage, type EncodeOptions } from './encode';
import type { OutputFormat } from './formats';
import type { Pixels } from './pixels';
import { ssimulacra2, ssimulacra2Reference } from './ssimulacra2';
import { maxQualityAttempts, searchTargetQuality, type Candidate } from './target-quality';

/** Searches run on at most this many pixels; a bigger image is scaled down to it for the search. */
export const PROXY_PIXELS = 500_000;
/** Full-size encodes after a proxy search, at most. */
const REFINEMENTS = 3;

export interface VisualTargetResult {
  bytes: Uint8Array;
  quality: number;
  variant: number;
  /** SSIMULACRA 2 of the result at full size. */
  score: number;
  reached: boolean;
}

export interface VisualTargetOptions {
  format: OutputFormat;
  options: Omit<EncodeOptions, 'quality' | 'jpegVariant'>;
  variants: number;
  target: number;
  /** Scales pixels (the pipeline's Lanczos3 resize). */
  resize: (p: Pixels, width: number, height: number) => Promise<Pixels>;
  onAttempt?: (done: number, total: number) => void;
}

export function proxySize(p: { width: number; height: number }): { width: number; height: number } | null {
  const n = p.width * p.height;
  if (n <= PROXY_PIXELS) return null;
  const f = Math.sqrt(PROXY_PIXELS / n);
  return { width: Math.max(8, Math.round(p.width * f)), height: Math.max(8, Math.round(p.height * f)) };
}

/** Score gained per quality step near `quality`, from the proxy's tries of the same variant (at least 0.2). */
function slopeNear(tried: Candidate<unknown>[], variant: number, quality: number): number {
  const same = tried.filter((c) => c.variant === variant).sort((a, b) => Math.abs(a.quality - quality) - Math.abs(b.quality - quality));
  const [a, b] = same;
  if (!a || !b || a.quality === b.quality) return 1;
  return Math.max(0.2, (a.score - b.score) / (a.quality - b.quality));
}

export async function searchVisualTarget(pixels: Pixels, o: VisualTargetOptions): Promise<VisualTargetResult> {
  const small = proxySize(pixels);
  const proxy = small ? await o.resize(pixels, small.width, small.height) : pixels;
  const total = maxQualityAttempts(o.variants) + (small ? REFINEMENTS : 0);
  const score = ssimulacra2Reference(proxy);
  const tried: Candidate<Uint8Array>[] = [];
  const found = await searchTargetQuality(
    async (quality, jpegVariant) => {
      const out = await encodeImage(proxy, o.format, { ...o.options, quality, jpegVariant });
      return { output: out, size: out.length };
    },
    async (out) => score(await decodeOutput(out, o.format)),
    o.target,
    {
      variants: o.variants,
      onAttempt: (done, t) => o.onAttempt?.(done, small ? total : t),
      onCandidate: (c) => tried.push(c),
    },
  );
  const { best } = found;
  if (!small) return { bytes: best.output, quality: best.quality, variant: best.variant, score: best.score, reached: found.reached };

  // Full-size refinement: the final file is measured at full size, never taken on the proxy's word.
  let done = found.attempts;
  let quality = best.quality;
  let result: VisualTargetResult | null = null;
  for (let step = 0; step < REFINEMENTS; step++) {
    const bytes = await encodeImage(pixels, o.format, { ...o.options, quality, jpegVariant: best.variant });
    const s = ssimulacra2(pixels, await decodeOutput(bytes, o.format));
    o.onAttempt?.(++done, total);
    result = { bytes, quality, variant: best.variant, score: s, reached: s >= o.target };
    if (result.reached || quality >= 100) break;
    const needed = Math.ceil((o.target - s) / slopeNear(tried, best.variant, quality)) + 1;
    quality = step === REFINEMENTS - 2 ? 100 : Math.min(100, quality + Math.max(2, needed));
  }
  return result!;
}
