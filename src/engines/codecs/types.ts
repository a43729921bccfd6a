import type { InputFormat, OutputFormat } from './formats';
import type { ResizeSpec } from './resize-math';
import type { WatermarkSpec } from './watermark';

/** What a tool asks of the engine for one file. */
export interface CodecJob {
  /** 'keep': the input's own format (BMP becomes PNG). */
  output: OutputFormat | 'keep';
  /** 1–100 for JPEG, WebP, AVIF, JPEG XL. PNG is lossless unless lossyPng. */
  quality: number;
  /** Search the highest quality whose file is at or under this many bytes (JPEG, WebP, AVIF, JPEG XL). */
  targetBytes?: number;
  /** Search the fewest bytes whose result scores at least this against the original (SSIMULACRA 2, 0–100; JPEG/WebP/AVIF/JPEG XL). */
  targetScore?: number;
  /** PNG through a 256-colour palette (lossy, much smaller for photos). */
  lossyPng?: boolean;
  /** Carry EXIF and XMP into JPEG, PNG and WebP outputs (metadata-carry.ts). Default: stripped, for privacy. */
  keepMetadata?: boolean;
  /** Background for formats without transparency (JPEG), #rrggbb. */
  background?: string;
  resize?: ResizeSpec;
  /** AVIF speed 0 (slow, small) – 10 (fast). */
  avifSpeed?: number;
  /** A box in the upright picture's pixels, cut after the resize. */
  crop?: CropBox;
  /** Instead of a box: the largest box of this width/height ratio centred on each picture. */
  cropAspect?: number;
  /** Flips, then a clockwise turn, after the crop. */
  transform?: ImageTransform;
  /** JPEG in, JPEG out, crop on the block grid and turns by 90° steps: coefficients moved, nothing re-encoded (default true). */
  lossless?: boolean;
  /** A text or logo mark laid over the upright picture, after the other edits. */
  watermark?: WatermarkSpec;
  /** Save a JPEG or WebP again at the quality estimated from the input (a lossless WebP stays lossless); `quality` when none is found. */
  matchQuality?: boolean;
}

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageTransform {
  /** Degrees clockwise; a multiple of 90 turns the pixels exactly, any other angle resamples onto a larger canvas. */
  angle: number;
  flipH: boolean;
  flipV: boolean;
}

type CodecErrorKey =
  | 'notImage'
  | 'truncated'
  | 'corrupt'
  | 'avifDecode'
  | 'decodeFailed'
  | 'tooManyPixels'
  | 'tooManyFramePixels'
  | 'formatTooLarge'
  | 'badDimensions'
  | 'canvasUnavailable'
  /** The watermark's logo could not be decoded. */
  | 'logoUnreadable'
  /** A text watermark with no text. */
  | 'emptyMark'
  /** A codec's wasm could not be loaded (params.engine names it); the client says whether the device is offline. */
  | 'engineUnavailable';

export type CodecOutcome =
  | {
      ok: true;
      bytes: Uint8Array;
      format: OutputFormat;
      width: number;
      height: number;
      inputFormat: InputFormat;
      inputWidth: number;
      inputHeight: number;
      quality?: number;
      /** In target-size mode: false when even the lowest quality was over the target; in target-quality
       * mode: false when even the highest quality stayed under the score asked for. */
      targetReached?: boolean;
      /** In target-quality mode: the SSIMULACRA 2 score the result reached, measured at full size. */
      score?: number;
      /** The input's own bytes came back: the result was not smaller and nothing forced a new file. */
      keptOriginal?: boolean;
      /** The JPEG's coefficients were moved, not re-encoded. */
      lossless?: boolean;
      /** A lossless turn dropped this many pixels of the input's right/bottom edge (not on the block grid). */
      trimmed?: { width: number; height: number };
      /** The crop box actually cut (a lossless JPEG crop starts on the block grid). */
      cropped?: CropBox;
      /** An edited lossy WebP saved near-lossless (VP8L, full-resolution colour) to stay within butteraugli 1.0. */
      nearLossless?: boolean;
      /** Metadata was to be kept, the input had EXIF or XMP, and this output format does not get it (AVIF, GIF). */
      metadataDropped?: boolean;
    }
  | { ok: false; key: CodecErrorKey | null; params?: Record<string, string | number>; detail?: string };

/** Stage keys shown under the progress bar (in the image-codecs namespace). */
export type CodecStage = 'decoding' | 'resizing' | 'encoding' | 'searching' | 'searchingQuality';
