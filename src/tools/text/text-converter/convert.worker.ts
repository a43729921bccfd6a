// The tool's worker: file and text conversions off the main thread, one per pool slot (comlink).
// Chinese dictionaries load once per worker, on first use.
import { expose } from 'comlink';
import { settle, type Envelope, type ProgressPort } from '../../../runtime/envelope';
import { isChineseReady } from './chinese';
import { getConverter } from './convert';
import { convertFileBytes } from './convertFile';
import { isChineseMode, type Mode } from './modes';

export interface ConvertedBlob {
  blob: Blob;
  name: string;
  /** e.g. "UTF-8 BOM · CRLF". */
  format: string;
}

const FAILED = 'text-converter:errors.conversionFailed';

const api = {
  convertFile(file: File, mode: Mode, onProgress: ProgressPort): Promise<Envelope<ConvertedBlob>> {
    return settle(async () => {
      const out = await convertFileBytes(new Uint8Array(await file.arrayBuffer()), file.name, mode, onProgress);
      const charset = out.encoding === 'UTF-8' ? 'utf-8' : out.encoding.toLowerCase();
      return {
        blob: new Blob([out.bytes], { type: `${file.type ? file.type.split(';')[0] : 'text/plain'};charset=${charset}` }),
        name: out.name,
        format: [out.encoding + (out.bom && out.encoding === 'UTF-8' ? ' BOM' : ''), out.lineEnding === 'none' ? '' : out.lineEnding].filter(Boolean).join(' · '),
      };
    }, FAILED);
  },
  convertText(text: string, mode: Mode): Promise<Envelope<string>> {
    return settle(async () => (await getConverter(mode))(text), FAILED);
  },
  /** Whether the mode is ready at once in this worker (false while a Chinese dictionary still has to load). */
  isReady(mode: Mode): boolean {
    return !isChineseMode(mode) || isChineseReady(mode);
  },
};

export type ConverterApi = typeof api;

expose(api);
