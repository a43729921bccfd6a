// A text file through a conversion: bytes in, bytes out. Pure (no DOM): the worker runs it, Node tests it.
// What the user gave is kept: the encoding (UTF-8, or UTF-16 with its byte order mark), a UTF-8 byte
// order mark, the line endings. What is not text is refused with a translated error, never mangled.
import { ToolError } from '../../../lib/errors';
import type { JobProgress } from '../../../runtime/jobs';
import { convertsByLine, getConverter, lineChunks } from './convert';
import { outputName, type Mode } from './modes';

type TextEncodingName = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE';
type LineEnding = 'LF' | 'CRLF' | 'CR' | 'mixed' | 'none';

interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
}

/** Characters converted between two progress reports. */
const CHUNK = 256 * 1024;

const STAGE = {
  loading: 'text-converter:progress.loadingDictionary',
  converting: 'text-converter:progress.converting',
} as const;

/**
 * Bytes to text. UTF-8 (with or without a byte order mark) and UTF-16 with a byte order mark are text;
 * anything with NUL bytes (images, archives, UTF-16 without a mark) or that is not valid UTF-8 is refused.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.length === 0) throw new ToolError('errors.emptyFile');
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'UTF-16LE' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'UTF-16BE' : null;
  if (utf16) {
    if (bytes.length % 2 !== 0) throw new ToolError('text-converter:errors.notText');
    try {
      const text = new TextDecoder(utf16, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(2));
      if (text.includes('\0')) throw new ToolError('text-converter:errors.notText');
      return { text, encoding: utf16, bom: true };
    } catch (error) {
      if (error instanceof ToolError) throw error;
      throw new ToolError('text-converter:errors.notText');
    }
  }
  if (bytes.includes(0)) throw new ToolError('text-converter:errors.notText');
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bom ? bytes.subarray(3) : bytes), encoding: 'UTF-8', bom };
  } catch {
    throw new ToolError('text-converter:errors.notUtf8');
  }
}

/** Text to bytes in the given encoding, with the byte order mark when the input had one. */
export function encodeText(text: string, encoding: TextEncodingName, bom: boolean): Uint8Array<ArrayBuffer> {
  if (encoding === 'UTF-8') {
    const body = new TextEncoder().encode(text);
    if (!bom) return body;
    const out = new Uint8Array(body.length + 3);
    out.set([0xef, 0xbb, 0xbf]);
    out.set(body, 3);
    return out;
  }
  const out = new Uint8Array(2 + text.length * 2);
  const view = new DataView(out.buffer);
  const little = encoding === 'UTF-16LE';
  view.setUint16(0, 0xfeff, little);
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), little);
  return out;
}

export function detectLineEnding(text: string): LineEnding {
  const crlf = (text.match(/\r\n/g) ?? []).length;
  const lf = (text.match(/\n/g) ?? []).length - crlf;
  const cr = (text.match(/\r/g) ?? []).length - crlf;
  const kinds = [crlf && 'CRLF', lf && 'LF', cr && 'CR'].filter(Boolean) as LineEnding[];
  return kinds.length === 0 ? 'none' : kinds.length === 1 ? kinds[0] : 'mixed';
}

interface ConvertedFile {
  bytes: Uint8Array<ArrayBuffer>;
  name: string;
  encoding: TextEncodingName;
  bom: boolean;
  lineEnding: LineEnding;
}

/**
 * Converts a text file's bytes with a mode. Progress is real: "loading the dictionary" only while a Chinese
 * dictionary really loads, then the share of characters converted so far.
 */
export async function convertFileBytes(bytes: Uint8Array, name: string, mode: Mode, onProgress?: (p: JobProgress) => void): Promise<ConvertedFile> {
  const { text, encoding, bom } = decodeText(bytes);
  const convert = await getConverter(mode, () => onProgress?.({ kind: 'indeterminate', stage: STAGE.loading }));
  let result: string;
  if (convertsByLine(mode) && text.length > CHUNK) {
    const parts: string[] = [];
    let done = 0;
    for (const chunk of lineChunks(text, CHUNK)) {
      parts.push(convert(chunk));
      done += chunk.length;
      onProgress?.({ kind: 'fraction', done: Math.round((done / text.length) * 100), total: 100, unit: 'percent', stage: STAGE.converting });
    }
    result = parts.join('');
  } else {
    onProgress?.({ kind: 'indeterminate', stage: STAGE.converting });
    result = convert(text);
  }
  return { bytes: encodeText(result, encoding, bom), name: outputName(name, mode), encoding, bom, lineEnding: detectLineEnding(text) };
}
