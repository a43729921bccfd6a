// The codec engine's lossless JPEG path: crop on the MCU grid and turn by 90° steps in the coefficients (as jpegtran
// does), the EXIF orientation applied with them and reset. Null when the job or the file does not allow it.
import { exifSegmentForCopy, readOrientation } from '../exif';
import type { CodecJob, CropBox } from '../types';
import { CorruptJpeg, readCoefficients, UnsupportedJpeg } from './parse';
import { compose, cropCoefficients, orientationOf, transformCoefficients, type Orientation } from './transform';
import { writeCoefficients } from './write';

export interface LosslessResult {
  bytes: Uint8Array;
  width: number;
  height: number;
  trimmed: { width: number; height: number };
  cropped?: CropBox;
}

/** True when the job asks for nothing a coefficient transform cannot do. */
export function losslessApplies(job: CodecJob): boolean {
  if (job.lossless === false || job.resize || job.targetBytes || job.targetScore || job.watermark) return false;
  if (job.output !== 'keep' && job.output !== 'jpeg') return false;
  if (!job.crop && !job.transform) return false;
  return !job.transform || job.transform.angle % 90 === 0;
}

const startsWith = (bytes: Uint8Array, text: string) => text.split('').every((c, i) => bytes[i] === c.charCodeAt(0));

export function losslessJpeg(input: Uint8Array, job: CodecJob): LosslessResult | null {
  let image;
  try {
    image = readCoefficients(input);
  } catch (error) {
    if (error instanceof UnsupportedJpeg || error instanceof CorruptJpeg) return null;
    throw error;
  }
  // The stored picture is turned upright first, so a box or a turn means what the user saw.
  const upright = readOrientation(input) as Orientation;
  const t = job.transform;
  const turn = t ? orientationOf(t.angle, t.flipH, t.flipV) : 1;
  let trimmed = { width: 0, height: 0 };
  let cropped: CropBox | undefined;
  if (job.crop) {
    if (upright !== 1) {
      const up = transformCoefficients(image, upright);
      if (!up) return null;
      image = up.image;
      trimmed = up.trimmed;
    }
    const cut = cropCoefficients(image, job.crop);
    image = cut.image;
    cropped = cut.box;
    if (turn !== 1) {
      const turned = transformCoefficients(image, turn);
      if (!turned) return null;
      image = turned.image;
      trimmed = { width: trimmed.width + turned.trimmed.width, height: trimmed.height + turned.trimmed.height };
    }
  } else {
    const turned = transformCoefficients(image, compose(upright, turn));
    if (!turned) return null;
    image = turned.image;
    trimmed = turned.trimmed;
  }
  // Colour (JFIF, Adobe, ICC) always stays; EXIF (orientation reset), XMP, IPTC and comments only when kept.
  const exif = job.keepMetadata ? exifSegmentForCopy(input, { width: image.width, height: image.height }) : null;
  image.extras = image.extras.flatMap((e) => {
    const colour = (e.marker === 0xe0 && startsWith(e.payload, 'JFIF')) || (e.marker === 0xee && startsWith(e.payload, 'Adobe')) || (e.marker === 0xe2 && startsWith(e.payload, 'ICC_PROFILE'));
    if (colour) return [e];
    if (!job.keepMetadata) return [];
    if (e.marker === 0xe1 && startsWith(e.payload, 'Exif\0\0')) return exif ? [{ marker: 0xe1, payload: exif.subarray(4) }] : [];
    return [e];
  });
  return { bytes: writeCoefficients(image), width: image.width, height: image.height, trimmed, ...(cropped ? { cropped } : {}) };
}
