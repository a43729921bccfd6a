// Reads a dropped or chosen file as text. No React; File and TextDecoder exist in browsers and Node.
import { formatBytes } from '../../../lib/bytes';
import { ToolError } from '../../../lib/errors';

const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** UTF-8 (BOM or not) through File.text(); UTF-16 when the file starts with its byte-order mark. */
export async function readTextFile(file: File, maxBytes = MAX_FILE_BYTES): Promise<string> {
  if (file.size > maxBytes) {
    throw new ToolError('common:errors.tooLarge', { name: file.name, size: formatBytes(file.size), limit: formatBytes(maxBytes) });
  }
  let text: string;
  try {
    const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
    const utf16 = head[0] === 0xff && head[1] === 0xfe ? 'utf-16le' : head[0] === 0xfe && head[1] === 0xff ? 'utf-16be' : null;
    text = utf16 ? new TextDecoder(utf16).decode(await file.arrayBuffer()) : await file.text();
  } catch {
    throw new ToolError('common:errors.readFailed');
  }
  if (looksBinary(text)) throw new ToolError('errors.binary', { name: file.name });
  return text;
}

/** True when decoded file text looks like a binary file: a NUL byte, or many control or invalid characters. */
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

/** Every line break is CRLF (a Windows file). */
export function isCrlfOnly(text: string): boolean {
  return text.includes('\r\n') && !/(^|[^\r])\n/.test(text);
}

/**
 * What a text box shows: browsers turn CRLF and lone CR into LF in a textarea's value. Showing the
 * normalised text keeps the caret where it is; the exact text is kept for the comparison.
 */
export function forTextarea(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** The edited text box back to the file's line breaks, when the file used CRLF throughout. */
export function fromTextarea(value: string, crlf: boolean): string {
  return crlf ? value.replace(/\n/g, '\r\n') : value;
}
