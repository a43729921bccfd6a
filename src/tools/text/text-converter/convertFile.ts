// A text file through a conversion: bytes in, bytes out. Pure (no DOM): the worker runs it, Node tests it.
// What the user gave is kept: the encoding (UTF-8, or UTF-16 with its byte order mark), a UTF-8 byte
// order mark, the line endings. What is not text is refused (lib/text-file) with a translated error.
import { ToolError } from '../../../lib/errors';
import { decodeText, type TextEncodingName } from '../../../lib/text-file';
import type { JobProgress } from '../../../runtime/jobs';
import { convertsByLine, getConverter, lineChunks } from './convert';
import { outputName, type Mode } from './modes';

type LineEnding = 'LF' | 'CRLF' | 'CR' | 'mixed' | 'none';

/** Characters converted between two progress reports. */
const CHUNK = 256 * 1024;

const STAGE = {
  loading: 'text-converter:progress.loadingDictionary',
  converting: 'text-converter:progress.converting',
} as const;

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
  if (bytes.length === 0) throw new ToolError('errors.emptyFile');
  const { text, encoding, bom } = decodeText(bytes, name);
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
