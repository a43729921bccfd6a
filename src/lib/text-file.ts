// Text files as every text tool reads them, strictly: UTF-8 (with or without its byte order mark) or UTF-16
// with its mark. A file that is not text is refused with a translated error that names it, never shown mangled.
// No DOM: File and TextDecoder exist in browsers, workers and Node.
import { formatBytes } from './bytes';
import { ToolError } from './errors';

export type TextEncodingName = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** The file began with a byte order mark (always so for UTF-16); the text does not include it. */
  bom: boolean;
}

const MAX_FILE_BYTES = 20 * 1024 * 1024;

const notText = (name: string) => new ToolError('common:errors.notText', { name });

/** True when decoded text looks like a binary file: a NUL, or many control or replacement characters. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, 65536);
  if (sample.includes('\0')) return true;
  if (sample.length === 0) return false;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0xfffd || (c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13)) odd++;
  }
  return odd / sample.length > 0.1;
}

/**
 * Bytes to text; `name` is the file's, for the error. UTF-16 without a byte order mark (NUL bytes), binary data
 * and invalid UTF-8 (an older encoding such as GBK or Big5) are refused. No bytes are empty text.
 */
export function decodeText(bytes: Uint8Array, name: string): DecodedText {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'UTF-16LE' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'UTF-16BE' : null;
  if (utf16) {
    if (bytes.length % 2 !== 0) throw notText(name);
    let text: string;
    try {
      text = new TextDecoder(utf16, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(2));
    } catch {
      throw notText(name);
    }
    if (looksBinary(text)) throw notText(name);
    return { text, encoding: utf16, bom: true };
  }
  if (bytes.includes(0)) throw notText(name);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bom ? bytes.subarray(3) : bytes);
  } catch {
    throw new ToolError('common:errors.notUtf8', { name });
  }
  if (looksBinary(text)) throw notText(name);
  return { text, encoding: 'UTF-8', bom };
}

/** A dropped or chosen file as text; one over `maxBytes`, unreadable or not text is refused. */
export async function readTextFile(file: File, maxBytes = MAX_FILE_BYTES): Promise<DecodedText> {
  if (file.size > maxBytes) throw new ToolError('common:errors.tooLarge', { name: file.name, size: formatBytes(file.size), limit: formatBytes(maxBytes) });
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new ToolError('common:errors.readFailed');
  }
  return decodeText(bytes, file.name);
}
