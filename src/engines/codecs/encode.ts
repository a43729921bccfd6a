// RGBA pixels to file bytes, with the encoder settings we tuned (see bench/image).
import type { OutputFormat } from './formats';
import { hasSmoothGradients } from './gradient-steps';
import { jpegSegments } from './header';
import { avifEncoder, gif, jpegEncoder, jxlEncoder, oxipng, webpEncoder } from './loaders';
import type { Pixels } from './pixels';

export interface EncodeOptions {
  quality: number;
  lossyPng?: boolean;
  avifSpeed?: number;
  /** Index into JPEG_VARIANTS (0, the default, unless a quality search picked another for this image). */
  jpegVariant?: number;
  /** JPEG only: libjpeg's own (Annex K) tables at `quality` for luma and chroma, as the input had them, so that
   * saving an edited libjpeg/camera JPEG again quantises as it was (less loss than our tuned tables would add). */
  jpegSameTables?: { subsampled: boolean };
  /** JPEG only: whether the image has large smooth gradients (`hasSmoothGradients` of the whole image, decided once
   * by the caller so that a search's crops and proxies are coded alike); measured on the pixels given when absent. */
  jpegSmoothGradients?: boolean;
  /** WebP only: lossless (VP8L) instead of lossy. */
  webpLossless?: boolean;
  /** WebP only: VP8L with libwebp's near-lossless preprocessing at this level (0–100, 100 = lossless). */
  webpNearLossless?: number;
  /** WebP only: libwebp's defaults (method 4, plain RGB → YUV), as most WebPs were made: an edited WebP saved again
   * at its own quality. On rocket.webp (read as 82) butteraugli over an untouched region 1.78 against 2.19 with our
   * sharp-YUV method 6 (bench: e2e/image-watermark). */
  webpDefaults?: boolean;
}

/**
 * MozJPEG as Squoosh sets it, except the quantisation, which JPEG_VARIANTS sets: tuned with SSIMULACRA 2 on
 * bench/image's five photos (`tune.mjs`, every second quality), see JPEG_VARIANTS.
 */
const MOZJPEG_OPTIONS = {
  baseline: false,
  arithmetic: false,
  progressive: true,
  optimize_coding: true,
  smoothing: 0,
  color_space: 3,
  quant_table: 2,
  trellis_multipass: false,
  trellis_opt_zero: false,
  trellis_opt_table: false,
  trellis_loops: 1,
  auto_subsample: true,
  chroma_subsample: 2,
  separate_chroma_quality: true,
  chroma_quality: 75,
};

/**
 * The default variant's rule over the whole quality range, chosen by a scan judged by SSIMULACRA 2 and butteraugli
 * on twelve images (bench/image `two-metrics.mjs`, README): chroma coded 35 qualities under luma (25 on smooth
 * gradients: SMOOTH_GRADIENT_RULE) only from 65 to 85; below 65 halved chroma at the luma quality (at 20–30 the old offset left chroma at
 * quality 1–5: colour blotches, butteraugli 18–35 against canvas's 6); above 85 the offset shrinks to 5 at 100 so
 * that the top qualities reach canvas's lowest distances. Below 65 MozJPEG uses table 4 and rounds instead of its
 * trellis quantisation (which drops faint detail butteraugli sees, e.g. hubble's stars): bytes to reach canvas's
 * butteraugli at canvas qualities 20–60, worst of twelve photos, 1.04× canvas's instead of 1.30×, at SSIMULACRA 2
 * ≤ 0.91× (was 0.93×). There the luma quality is raised (30 → 34) so that a quality asked for looks at least as good
 * as the browser's JPEG at the same number by butteraugli on all twelve photos (bench/image `luma-map.mjs`).
 */
const QUALITY_RULE: JpegRule = {
  luma: [[0, 5], [10, 12], [20, 22], [30, 34], [40, 45], [50, 57], [60, 64], [65, 65], [100, 100]],
  offsets: [[64, 0], [65, -35], [85, -35], [100, -5]],
  halveBelow: 65,
  low: { below: 65, table: 4, trellis: false },
};

/**
 * QUALITY_RULE for an image with large smooth gradients (`hasSmoothGradients`): chroma 25 qualities under luma from 65
 * to 85 instead of 35. 35 under reaches canvas's butteraugli at canvas 70–95 with fewer bytes on twelve photos
 * (geometric mean 0.80 against 0.82, worst 1.10 against 1.18, SSIMULACRA 2 no worse), but puts faint 8×8 steps in the
 * colour wheel's dark red gradients at quality 80, which 25 under does not (bench/image/README.md, "Chroma under luma
 * and smooth gradients").
 */
const SMOOTH_GRADIENT_RULE: JpegRule = { ...QUALITY_RULE, offsets: [[64, 0], [65, -25], [85, -25], [100, -5]] };

/**
 * Quantisation choices a quality search tries per image; the first is the default (QUALITY_RULE, which is the
 * setting below from 65 to 85). Bytes to reach SSIMULACRA 2 70 / 80 ÷ canvas JPEG's (bench/image, geometric mean
 * of five photos): table 2 with full-resolution chroma (4:4:4) coded 25 qualities under luma 0.839 / 0.667, the best single setting scanned (4:2:0 at one quality
 * 0.886 / 0.714; the ssim.js-era default, 4:2:0 with chroma 25 under, 0.971 and never 80 on two photos). Halved
 * chroma at one quality is smaller on astronaut and chelsea at 70, so the search tries it too. Tables 1, 3 and 4
 * and the other chroma offsets scanned (bench/image/README.md) gave no smaller mean.
 */
export const JPEG_VARIANTS: readonly { quant_table: number; rule: JpegRule; smoothGradientRule?: JpegRule; fullChroma: boolean }[] = [
  { quant_table: 2, rule: QUALITY_RULE, smoothGradientRule: SMOOTH_GRADIENT_RULE, fullChroma: true },
  { quant_table: 2, rule: { offsets: [[0, 0]] }, fullChroma: false },
];

const clampQ = (q: number) => Math.max(0, Math.min(100, Math.round(q)));

type Points = readonly (readonly [x: number, y: number])[];

/** Linear between the points (sorted by x), the end values beyond them. */
function piecewise(points: Points, x: number): number {
  const pts = [...points].sort((a, b) => a[0] - b[0]);
  if (x <= pts[0][0]) return pts[0][1];
  for (let i = 1; i < pts.length; i++)
    if (x < pts[i][0]) {
      const [x0, y0] = pts[i - 1];
      const [x1, y1] = pts[i];
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  return pts[pts.length - 1][1];
}

/**
 * How MozJPEG codes a quality asked for: the luma quality it is given (`luma`, points of asked → used; as asked
 * without), the chroma quality as an offset from that (`offsets`, by the quality asked), and halved chroma (4:2:0)
 * below `halveBelow`.
 */
export interface JpegRule {
  luma?: Points;
  offsets: Points;
  halveBelow?: number;
  /** Below quality `below`: quantisation table `table` (over the variant's) and, unless `trellis`, plain rounding as
   * libjpeg does instead of MozJPEG's trellis quantisation (jSquash's `trellis_loops: 0`: no trellis pass). */
  low?: { below: number; table: number; trellis: boolean };
}

/** Luma and chroma quality (1–100) and chroma resolution for quality `quality` under `rule` (pure; bench/image scans it). */
export function jpegQualities(quality: number, rule: JpegRule, fullChroma = true): { luma: number; chroma: number; fullChroma: boolean } {
  const q = clampQ(quality);
  const luma = Math.max(1, Math.min(100, Math.round(rule.luma ? piecewise(rule.luma, q) : q)));
  const chroma = Math.max(1, Math.min(100, Math.round(luma + piecewise(rule.offsets, q))));
  return { luma, chroma, fullChroma: fullChroma && !(rule.halveBelow !== undefined && q < rule.halveBelow) };
}

/** MozJPEG's options at `quality` for a variant; `smoothGradients`: the image has them (`hasSmoothGradients`). */
export function mozjpegOptions(quality: number, variant = 0, smoothGradients = false): typeof MOZJPEG_OPTIONS & { quality: number } {
  const v = JPEG_VARIANTS[variant] ?? JPEG_VARIANTS[0];
  return mozjpegWithRule(quality, (smoothGradients && v.smoothGradientRule) || v.rule, v.fullChroma, v.quant_table);
}

/** MozJPEG's options at `quality` with chroma set by `rule`. */
export function mozjpegWithRule(quality: number, rule: JpegRule, fullChroma = true, quantTable = 2): typeof MOZJPEG_OPTIONS & { quality: number } {
  const c = jpegQualities(quality, rule, fullChroma);
  const chroma = { auto_subsample: !c.fullChroma, chroma_subsample: c.fullChroma ? 1 : 2 };
  const low = rule.low && clampQ(quality) < rule.low.below ? { quant_table: rule.low.table, trellis_loops: rule.low.trellis ? MOZJPEG_OPTIONS.trellis_loops : 0 } : { quant_table: quantTable };
  return { ...MOZJPEG_OPTIONS, ...chroma, ...low, ...eightBit(low.quant_table, c.luma, c.chroma) };
}

/**
 * The lowest luma and chroma quality at which MozJPEG's table keeps every step within 255 (measured per table).
 * Below it the steps are written with 16 bits, which an 8-bit JPEG shall not use (ITU T.81 B.2.4.1: libjpeg-turbo
 * reads them, other decoders need not); MozJPEG's baseline mode would cap them, but this build of it writes an empty
 * image in that mode. So a lower quality asked is coded at this floor.
 */
const EIGHT_BIT_FLOOR: Record<number, { luma: number; chroma: number }> = { 0: { luma: 24, chroma: 20 }, 2: { luma: 24, chroma: 20 }, 4: { luma: 26, chroma: 20 } };

/** Luma raised to the floor, chroma by as much (its offset from luma kept), then to its own floor. */
function eightBit(table: number, luma: number, chroma: number): { quality: number; chroma_quality: number } {
  const floor = EIGHT_BIT_FLOOR[table] ?? { luma: 50, chroma: 50 };
  const quality = Math.max(luma, floor.luma);
  return { quality, chroma_quality: Math.min(100, Math.max(chroma + quality - luma, floor.chroma)) };
}

function sameTables(quality: number, subsampled: boolean): ReturnType<typeof mozjpegOptions> {
  const q = clampQ(quality);
  const coded = eightBit(0, q, q).quality;
  return { ...MOZJPEG_OPTIONS, quant_table: 0, quality: coded, separate_chroma_quality: false, chroma_quality: coded, auto_subsample: false, chroma_subsample: subsampled ? 2 : 1 };
}

/**
 * libwebp's slowest, most thorough method, with its sharp RGB → YUV conversion (chroma downsampled so that the
 * colours survive at edges): bytes to reach SSIMULACRA 2 70 ÷ canvas WebP's (bench/image `tune.mjs webp`,
 * geometric mean of five photos) 0.825 against 0.942 without it, and score 80 is reached on hubble and rocket,
 * where plain conversion never gets there even at quality 100.
 */
const WEBP_OPTIONS = { method: 6, use_sharp_yuv: 1 };

/**
 * The near-lossless level an edited lossy WebP is saved at (VP8L; libwebp quantises only where the picture is busy,
 * at most 2 bits at 60). On the scikit-image photos at q75 and q90 and the three edits, butteraugli max under 1.0
 * where 40 reaches 1.25 and lossy quality 98 (or 100) 1.1 (bench/image README, "An edited lossy WebP saved again").
 */
export const WEBP_RESAVE_NEAR_LOSSLESS = 60;
/** VP8L effort 50, not 100: 0.03–0.9 % more bytes (astronaut, chelsea) for a quarter of the CPU; 12 MP 10 s, not 19. */
const WEBP_NEAR_LOSSLESS = { lossless: 1, exact: 0, quality: 50, method: 4 };

/**
 * libjxl's effort (1 fast – 9 slow; 7 is its default). A 12 MP photo (4000×3000) at quality 75 in Node, one
 * core: effort 3 about 2 s, 5 about 10 s, 7 about 15 s (WebP method 6: 1.3 s). Effort 5 saves up to 15 %
 * of effort 3's bytes but is five times slower, too slow for a target search (several encodes) on a
 * big photo; effort 4 is no smaller than 3. At equal SSIM this libjxl build is not smaller than our WebP
 * (about 0.9–1.3× its bytes at effort 3–7 on bench/image's photos): JPEG XL is offered as a format, not as
 * the smallest one.
 */
const JXL_EFFORT = 3;

function imageData(p: Pixels): ImageData {
  // jSquash's encoders read only data/width/height; Node has no ImageData.
  return { data: p.data, width: p.width, height: p.height, colorSpace: 'srgb' } as ImageData;
}

/** Palette quantisation (up to 256 colours, alpha kept) back to RGBA; OxiPNG then stores it as an indexed PNG. */
async function quantised(p: Pixels): Promise<Pixels> {
  const { quantize, applyPalette } = await gif();
  const palette = quantize(p.data, 256, { format: 'rgba4444', clearAlpha: false });
  const index = applyPalette(p.data, palette, 'rgba4444');
  const out = new Uint8ClampedArray(p.data.length);
  for (let i = 0; i < index.length; i++) {
    const c = palette[index[i]];
    out[i * 4] = c[0];
    out[i * 4 + 1] = c[1];
    out[i * 4 + 2] = c[2];
    out[i * 4 + 3] = c[3] ?? 255;
  }
  return { data: out, width: p.width, height: p.height };
}

async function encodeGif(p: Pixels): Promise<Uint8Array> {
  const { quantize, applyPalette, GIFEncoder } = await gif();
  const palette = quantize(p.data, 256, { format: 'rgba4444', oneBitAlpha: true });
  const index = applyPalette(p.data, palette, 'rgba4444');
  const transparentIndex = palette.findIndex((c) => c[3] === 0);
  const stream = GIFEncoder();
  stream.writeFrame(index, p.width, p.height, { palette: palette.map((c) => c.slice(0, 3)), transparent: transparentIndex >= 0, transparentIndex: Math.max(0, transparentIndex) });
  stream.finish();
  return stream.bytes();
}

/** Whether a JPEG defines a quantisation table with 16-bit steps (DQT precision 1): see EIGHT_BIT_FLOOR. */
export function hasWideQuantTables(jpeg: Uint8Array): boolean {
  for (const seg of jpegSegments(jpeg)) {
    if (seg.marker !== 0xdb) continue;
    for (let q = seg.start; q < seg.start + seg.length; q += 1 + (jpeg[q] >> 4 ? 128 : 64)) if (jpeg[q] >> 4) return true;
  }
  return false;
}

/** Measured only where the variant's rule depends on it. */
const smoothGradients = (p: Pixels, o: EncodeOptions) => o.jpegSmoothGradients ?? (!!(JPEG_VARIANTS[o.jpegVariant ?? 0] ?? JPEG_VARIANTS[0]).smoothGradientRule && hasSmoothGradients(p));

export async function encodeImage(p: Pixels, format: OutputFormat, options: EncodeOptions): Promise<Uint8Array> {
  switch (format) {
    case 'jpeg':
      return new Uint8Array(await (await jpegEncoder())(imageData(p), options.jpegSameTables ? sameTables(options.quality, options.jpegSameTables.subsampled) : mozjpegOptions(options.quality, options.jpegVariant, smoothGradients(p, options))));
    case 'webp':
      return new Uint8Array(await (await webpEncoder())(imageData(p), options.webpLossless ? { lossless: 1, exact: 0, quality: 100, method: 4 } : options.webpNearLossless !== undefined ? { ...WEBP_NEAR_LOSSLESS, near_lossless: options.webpNearLossless } : { ...(options.webpDefaults ? { method: 4 } : WEBP_OPTIONS), quality: clampQ(options.quality) }));
    case 'avif': {
      const module = await avifEncoder();
      const out = module.encode(new Uint8Array(p.data.buffer, p.data.byteOffset, p.data.byteLength), p.width, p.height, {
        quality: clampQ(options.quality),
        qualityAlpha: -1,
        denoiseLevel: 0,
        tileColsLog2: 0,
        tileRowsLog2: 0,
        speed: options.avifSpeed ?? 6,
        subsample: 1,
        chromaDeltaQ: false,
        sharpness: 0,
        tune: 0,
        // Sharp RGB → YUV, as for WebP: bytes at equal SSIMULACRA 2 ÷ canvas JPEG's (bench/image, geometric mean
        // at 70 / 80) 0.554 / 0.447 against 0.644 / 0.657 without; full-resolution chroma lost on chelsea and rocket.
        enableSharpYUV: true,
        bitDepth: 8,
        lossless: false,
      } as Parameters<typeof module.encode>[3]);
      if (!out) throw new Error('AVIF encoding failed');
      return new Uint8Array(out);
    }
    case 'jxl': {
      // Lossy VarDCT; alpha is kept (JPEG XL has an alpha channel).
      const module = await jxlEncoder();
      const out = module.encode(new Uint8Array(p.data.buffer, p.data.byteOffset, p.data.byteLength), p.width, p.height, {
        quality: clampQ(options.quality),
        effort: JXL_EFFORT,
        progressive: false,
        epf: -1,
        lossyPalette: false,
        decodingSpeedTier: 0,
        photonNoiseIso: 0,
        lossyModular: false,
        lossless: false,
      });
      if (!out) throw new Error('JPEG XL encoding failed');
      return new Uint8Array(out);
    }
    case 'png': {
      const src = options.lossyPng ? await quantised(p) : p;
      const { optimise_raw } = await oxipng();
      return optimise_raw(src.data, src.width, src.height, 2, false, true);
    }
    case 'gif':
      return encodeGif(p);
  }
}
