// The metadata tool's worker: reading (exifr) and stripping run here, never on the page.
import * as Comlink from 'comlink';
import { settle, type Envelope } from '../../../runtime/envelope';
import type { StripResult, StripSettings } from './blocks';
import { describeBlocks, type MetadataReport } from './describe';
import { readBlocks, stripMetadata } from './strip';

const FALLBACK = 'image-metadata:errors.failed';

const api = {
  strip(input: Uint8Array, settings: StripSettings): Promise<Envelope<StripResult>> {
    return settle(() => stripMetadata(input, settings), FALLBACK, (r) => [r.bytes.buffer as ArrayBuffer]);
  },
  inspect(input: Uint8Array): Promise<Envelope<MetadataReport>> {
    return settle(() => describeBlocks(readBlocks(input)), FALLBACK);
  },
};

export type MetadataWorkerApi = typeof api;

Comlink.expose(api);
