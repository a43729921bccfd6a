// Why the browser could not decode a file, in words the user can act on: not an image at all, cut off, or damaged.
import { detectFormat, LABEL } from './formats';
import { isComplete } from './header';

export interface Unreadable {
  key: 'notImage' | 'truncated' | 'damaged';
  /** The format the bytes say they are ("JPEG"), for truncated and damaged files. */
  format?: string;
}

/** A file of a known image format that was cut off, or null (unknown formats are left to the decoder). */
export function cutOff(bytes: Uint8Array): Unreadable | null {
  const format = detectFormat(bytes);
  return format && !isComplete(bytes, format) ? { key: 'truncated', format: LABEL[format] } : null;
}

/** Called once the decoder has refused the file: says which of the three it was. */
export function whyUnreadable(bytes: Uint8Array): Unreadable {
  const format = detectFormat(bytes);
  if (!format) return { key: 'notImage' };
  return cutOff(bytes) ?? { key: 'damaged', format: LABEL[format] };
}
