// One file through the engine: check, decode, turn upright, resize, encode (or search a size). Runs in a
// worker in the app, and in Node for the tests.
import { encodeAnimatedGif } from './animated-gif';
import { encodeAnimatedWebp } from './animated-webp';
import { canDecodeFrames } from './animation-frames';
import { gifFrameCount } from './gif-frames';
import { decodeImage, DecodeError } from './decode';
import { encodeImage, JPEG_VARIANTS, WEBP_RESAVE_NEAR_LOSSLESS } from './encode';
import { hasSmoothGradients } from './gradient-steps';
import { carriesMetadata, gotMetadata, readCarriedMetadata, writeCarriedMetadata } from './metadata-carry';
import { detectFormat, keptFormat, MIME, type OutputFormat } from './formats';
import { isComplete, readDimensions } from './header';
import { checkAnimationSize, checkInputSize, checkOutputSize } from './limits';
import { EngineLoadError } from './load-error';
import { flattenOnto } from './pixels';
import { targetDimensions } from './resize-math';
import { resizeForSearch, resizePixels } from './resize';
import { maxAttempts, searchQuality } from './target-size';
import { searchVisualTarget } from './visual-target';
import { forcesNewFile } from './keep-original';
import { losslessApplies, losslessJpeg } from './jpeg-dct/lossless';
import { orientationOf } from './jpeg-dct/transform';
import { applyOrientation } from './pixels';
import { cropPixels, rotatePixels } from './rotate';
import { readOrientation } from './exif';
import type { CodecJob, CodecOutcome, CodecStage } from './types';
import { jpegQuality, jpegSubsampled, webpSource } from './source-quality';
import { applyWatermark, WatermarkError } from './watermark-draw';
import { centredBox } from '../../lib/box';

export { centredBox };

/** The input's own quality when it is saved again in its own format: estimated for JPEG and WebP, a lossless WebP kept lossless. */
function matchedQuality(input: Uint8Array, inputFormat: string, format: OutputFormat): { quality?: number; lossless?: boolean; lossyWebp?: boolean; jpegSameTables?: { subsampled: boolean } } | null {
  if (format !== inputFormat) return null;
  if (format === 'jpeg') {
    const quality = jpegQuality(input);
    return quality ? { quality, jpegSameTables: { subsampled: jpegSubsampled(input) } } : null;
  }
  if (format === 'webp') {
    const found = webpSource(input);
    return found ? (found.lossless ? { lossless: true } : { quality: found.quality, lossyWebp: true }) : null;
  }
  return null;
}

type StageReporter = (stage: CodecStage, done?: number, total?: number) => void;

/** JPEG size search scans a few qualities past the bisection's answer: its size is not strictly monotonic. */
const SCAN: Partial<Record<OutputFormat, number>> = { jpeg: 3, webp: 1, avif: 1, jxl: 1 };

/** WebP quality for an animation when the job sets none (a size or score target). */
const DEFAULT_ANIMATION_QUALITY = 80;

export async function processImage(input: Uint8Array, job: CodecJob, report: StageReporter = () => {}): Promise<CodecOutcome> {
  const inputFormat = detectFormat(input);
  if (!inputFormat) return { ok: false, key: 'notImage' };
  if (!isComplete(input, inputFormat)) return { ok: false, key: 'truncated', params: { format: inputFormat.toUpperCase() } };
  const header = readDimensions(input, inputFormat);
  if (!header) return { ok: false, key: 'corrupt' };
  const tooBig = checkInputSize(header);
  if (tooBig) return { ok: false, key: tooBig.key, params: tooBig.params };

  if (job.cropAspect && !job.crop) {
    const swap = inputFormat === 'jpeg' && readOrientation(input) >= 5;
    job = { ...job, crop: centredBox(swap ? header.height : header.width, swap ? header.width : header.height, job.cropAspect) };
  }
  try {
    // JPEG crop and 90° turns: the coefficients move, nothing is re-encoded.
    if (inputFormat === 'jpeg' && losslessApplies(job)) {
      report('encoding');
      const out = losslessJpeg(input, job);
      if (out) {
        const swap = readOrientation(input) >= 5;
        const inputSize = { inputWidth: swap ? header.height : header.width, inputHeight: swap ? header.width : header.height };
        return { ok: true, bytes: out.bytes, format: 'jpeg', width: out.width, height: out.height, inputFormat, ...inputSize, lossless: true, trimmed: out.trimmed, ...(out.cropped ? { cropped: out.cropped } : {}) };
      }
    }
    const edits = !!job.crop || !!job.transform || !!job.watermark;
    const wanted = job.output === 'keep' ? keptFormat(inputFormat) : job.output;
    // An animated GIF written as GIF or WebP keeps every frame (other formats keep the first: the page says so
    // beforehand). Quality searches do not apply to animations: the set quality is used.
    // An edit (crop, turn) takes the first frame, like the other single-picture outputs.
    const resaveWebp = edits && wanted === 'webp' && !job.resize && !job.targetBytes && !job.targetScore && !!(job.matchQuality && matchedQuality(input, inputFormat, wanted)?.lossyWebp);
    const frames = !edits && inputFormat === 'gif' && (wanted === 'gif' || wanted === 'webp') ? gifFrameCount(input) : 0;
    const size = frames > 1 && job.resize ? targetDimensions(header, job.resize) : null;
    if (frames > 1) {
      // Refused from the block structure, before a frame is decoded (and wherever frames are decoded at all).
      const largest = size && size.width * size.height > header.width * header.height ? size : header;
      const problem = checkOutputSize(size ?? header, wanted) ?? checkAnimationSize(largest, frames);
      if (problem) return { ok: false, key: problem.key, params: problem.params };
    }
    if (frames > 1 && canDecodeFrames()) {
      const onFrame = (done: number, total: number) => report('encoding', done, total);
      report('encoding');
      const out =
        wanted === 'gif'
          ? await encodeAnimatedGif(input, size, resizePixels, onFrame)
          : await encodeAnimatedWebp(input, size, resizePixels, { quality: job.quality ?? DEFAULT_ANIMATION_QUALITY, lossyPng: job.lossyPng }, onFrame);
      const common = { format: wanted, inputFormat, inputWidth: header.width, inputHeight: header.height } as const;
      // GIF to GIF with no resize: never a bigger file than the input.
      if (wanted === 'gif' && !job.resize && out.bytes.length >= input.length) return { ok: true, bytes: input, width: header.width, height: header.height, keptOriginal: true, ...common };
      return { ok: true, bytes: out.bytes, width: out.width, height: out.height, ...common };
    }
    report('decoding');
    let pixels = await decodeImage(input, inputFormat, MIME[inputFormat]);
    const inputWidth = pixels.width;
    const inputHeight = pixels.height;
    const format = job.output === 'keep' ? keptFormat(inputFormat) : job.output;

    if (job.resize) {
      const size = targetDimensions(pixels, job.resize);
      const problem = checkOutputSize(size, format);
      if (problem) return { ok: false, key: problem.key, params: problem.params };
      report('resizing');
      pixels = await resizePixels(pixels, size.width, size.height);
    } else {
      const problem = checkOutputSize(pixels, format);
      if (problem) return { ok: false, key: problem.key, params: problem.params };
    }
    let cropped: CodecJob['crop'];
    if (job.crop) {
      const x0 = Math.max(0, Math.min(inputWidth - 1, Math.round(job.crop.x)));
      const y0 = Math.max(0, Math.min(inputHeight - 1, Math.round(job.crop.y)));
      const box = { x: x0, y: y0, width: Math.round(job.crop.width), height: Math.round(job.crop.height) };
      pixels = cropPixels(pixels, box);
      cropped = { x: box.x, y: box.y, width: pixels.width, height: pixels.height };
    }
    if (job.transform) {
      const { angle, flipH, flipV } = job.transform;
      const quarter = angle % 90 === 0;
      pixels = applyOrientation(pixels, orientationOf(quarter ? angle : 0, flipH, flipV));
      if (!quarter) {
        const problem = checkOutputSize(pixels, format);
        if (problem) return { ok: false, key: problem.key, params: problem.params };
        pixels = rotatePixels(pixels, angle);
      }
    }
    if (job.watermark) pixels = await applyWatermark(pixels, job.watermark);
    if (format === 'jpeg') pixels = flattenOnto(pixels, job.background ?? '#ffffff');

    // Never a bigger file unless asked: with no change forced, a result not smaller than the input keeps the input.
    const turned = !!job.transform && (job.transform.angle % 360 !== 0 || job.transform.flipH || job.transform.flipV);
    const forced = !!job.crop || turned || !!job.watermark || forcesNewFile({ input, inputFormat, inputSize: { width: inputWidth, height: inputHeight }, format, size: pixels, keepMetadata: job.keepMetadata });
    const original: CodecOutcome = { ok: true, bytes: input, format, width: inputWidth, height: inputHeight, inputFormat, inputWidth, inputHeight, keptOriginal: true };
    // A target size the input already meets keeps the input (no pointless re-encode).
    if (!forced && job.targetBytes && !job.targetScore && input.length <= job.targetBytes) return { ...original, targetReached: true };

    const source = job.matchQuality ? matchedQuality(input, inputFormat, format) : null;
    if (source?.quality) job = { ...job, quality: source.quality };
    // An edited lossy WebP kept as WebP: no lossy quality keeps every photo's untouched pixels within butteraugli 1.0
    // of the input (the 4:2:0 round trip alone costs up to 1.1 at quality 100), full-resolution colour does:
    // near-lossless VP8L (bench/image README, "An edited lossy WebP saved again").
    const nearLossless = resaveWebp;
    const options = { lossyPng: job.lossyPng, avifSpeed: job.avifSpeed, webpLossless: !!source?.lossless, webpDefaults: !!source && format === 'webp', ...(nearLossless ? { webpNearLossless: WEBP_RESAVE_NEAR_LOSSLESS } : {}), ...(source?.jpegSameTables ? { jpegSameTables: source.jpegSameTables } : format === 'jpeg' ? { jpegSmoothGradients: hasSmoothGradients(pixels) } : {}) };
    let bytes: Uint8Array;
    let quality: number | undefined = format === 'png' || format === 'gif' || source?.lossless || nearLossless ? undefined : job.quality;
    let targetReached: boolean | undefined;
    const carried = job.keepMetadata ? readCarriedMetadata(input, inputFormat, pixels) : null;
    let metadataDropped = !!(carried && (carried.exif || carried.xmp) && !carriesMetadata(format));
    const outSize = { width: pixels.width, height: pixels.height };
    const withMetadata = (b: Uint8Array) => (carried ? writeCarriedMetadata(b, format, carried, outSize) : b);

    let score: number | undefined;
    let distance: number | undefined;
    if (job.targetScore && quality !== undefined) {
      const variants = format === 'jpeg' ? JPEG_VARIANTS.length : 1;
      report('searchingQuality');
      const found = await searchVisualTarget(pixels, {
        format,
        options,
        variants,
        target: job.targetScore,
        ...(job.targetDistance ? { maxDistance: job.targetDistance, margin: job.distanceMargin } : {}),
        resize: resizeForSearch,
        onAttempt: (done, total) => report('searchingQuality', done, total),
      });
      bytes = withMetadata(found.bytes);
      quality = found.quality;
      score = found.score;
      distance = found.distance;
      targetReached = found.reached;
    } else if (job.targetBytes && quality !== undefined) {
      const scan = SCAN[format] ?? 0;
      report('searching', 0, maxAttempts(1, 100, scan));
      const found = await searchQuality(
        async (q) => {
          const out = withMetadata(await encodeImage(pixels, format, { ...options, quality: q }));
          return { output: out, size: out.length };
        },
        job.targetBytes,
        { scan, onAttempt: (done, total) => report('searching', done, total) },
      );
      bytes = found.output;
      quality = found.quality;
      targetReached = found.reached;
    } else {
      report('encoding');
      bytes = withMetadata(await encodeImage(pixels, format, { ...options, quality: job.quality }));
      if (job.targetBytes) targetReached = bytes.length <= job.targetBytes;
    }
    if (carried && (carried.exif || carried.xmp) && !gotMetadata(bytes, format)) metadataDropped = true;
    if (!forced && bytes.length >= input.length) return { ...original, targetReached: job.targetBytes ? input.length <= job.targetBytes : targetReached };
    return { ok: true, bytes, format, width: pixels.width, height: pixels.height, inputFormat, inputWidth, inputHeight, quality, targetReached, score, ...(distance !== undefined ? { distance } : {}), ...(cropped ? { cropped } : {}), ...(nearLossless ? { nearLossless: true } : {}), ...(metadataDropped ? { metadataDropped } : {}) };
  } catch (error) {
    if (error instanceof DecodeError || error instanceof WatermarkError) return { ok: false, key: error.key };
    if (error instanceof EngineLoadError) return { ok: false, key: 'engineUnavailable', params: { engine: error.engine }, detail: error.message };
    if (error instanceof RangeError || (error instanceof Error && /memory/i.test(error.message))) {
      return { ok: false, key: 'tooManyPixels', params: { width: header.width, height: header.height, megapixels: Math.round((header.width * header.height) / 1e6), limit: 100 } };
    }
    return { ok: false, key: null, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
