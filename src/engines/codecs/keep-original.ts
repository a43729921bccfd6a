// Never a bigger file unless asked: when nothing forces a new file (another format, other dimensions, metadata
// to strip), a result that is not smaller than the input gives way to the input's own bytes.
import { hasExif } from './exif';
import type { InputFormat, OutputFormat } from './formats';

function contains(bytes: Uint8Array, ascii: string, from: number, to: number): boolean {
  const end = Math.min(to, bytes.length) - ascii.length;
  outer: for (let i = from; i <= end; i++) {
    for (let k = 0; k < ascii.length; k++) if (bytes[i + k] !== ascii.charCodeAt(k)) continue outer;
    return true;
  }
  return false;
}

/** EXIF (camera, time, often the location) that an output without it would drop. */
function hasMetadata(bytes: Uint8Array, format: InputFormat): boolean {
  switch (format) {
    case 'jpeg':
      return hasExif(bytes);
    case 'png':
      // An eXIf chunk, or XMP/text in iTXt/tEXt/zTXt chunks.
      return ['eXIf', 'iTXt', 'tEXt', 'zTXt'].some((type) => contains(bytes, type, 8, bytes.length));
    case 'webp':
      // VP8X's EXIF and XMP flags.
      return bytes.length > 20 && String.fromCharCode(...bytes.subarray(12, 16)) === 'VP8X' && (bytes[20] & 0x0c) !== 0;
    default:
      return false;
  }
}

interface ChangeCheck {
  input: Uint8Array;
  inputFormat: InputFormat;
  inputSize: { width: number; height: number };
  format: OutputFormat;
  size: { width: number; height: number };
  keepMetadata?: boolean;
}

/** True when the job must write a new file whatever its size: another format or size, or metadata to strip. */
export function forcesNewFile(c: ChangeCheck): boolean {
  if (c.format !== c.inputFormat) return true;
  if (c.size.width !== c.inputSize.width || c.size.height !== c.inputSize.height) return true;
  // EXIF is carried over only from JPEG to JPEG; elsewhere keeping the input would keep what the user strips.
  const carried = c.keepMetadata && c.format === 'jpeg';
  return hasMetadata(c.input, c.inputFormat) && !carried;
}
