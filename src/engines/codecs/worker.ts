// One codec worker of the pool: the engine's pipeline behind comlink, answering with the one envelope.
import * as Comlink from 'comlink';
import { engineLoadError, ToolError } from '../../lib/errors';
import { settle, type Envelope, type ProgressPort } from '../../runtime/envelope';
import { processImage } from './pipeline';
import type { CodecJob, CodecOutcome, CodecStage } from './types';

export type CodecSuccess = Extract<CodecOutcome, { ok: true }>;

const STAGE_KEY: Record<CodecStage, string> = {
  decoding: 'image-codecs:stage.decoding',
  resizing: 'image-codecs:stage.resizing',
  encoding: 'image-codecs:stage.encoding',
  searching: 'image-codecs:stage.searching',
  searchingQuality: 'image-codecs:stage.searchingQuality',
};

/** The pipeline's refusal as a translated error: image-codecs keys, an engine that would not load, or the tool's `fallbackKey`. */
async function codecError(outcome: Exclude<CodecOutcome, { ok: true }>, fallbackKey: string): Promise<ToolError> {
  if (outcome.detail) console.warn(`codec: ${outcome.detail}`);
  if (outcome.key === 'engineUnavailable') return engineLoadError(String(outcome.params?.engine));
  return new ToolError(outcome.key ? `image-codecs:errors.${outcome.key}` : fallbackKey, outcome.params);
}

const api = {
  process(input: Uint8Array, job: CodecJob, fallbackKey: string, onProgress: ProgressPort): Promise<Envelope<CodecSuccess>> {
    const onStage = (stage: CodecStage, done?: number, total?: number) =>
      void onProgress(done !== undefined && total ? { kind: 'fraction', done, total, unit: 'stages', stage: STAGE_KEY[stage] } : { kind: 'indeterminate', stage: STAGE_KEY[stage] });
    return settle(
      async () => {
        const outcome = await processImage(input, job, onStage);
        if (!outcome.ok) throw await codecError(outcome, fallbackKey);
        return outcome;
      },
      fallbackKey,
      (outcome) => [outcome.bytes.buffer as ArrayBuffer],
    );
  },
};

export type CodecWorkerApi = typeof api;

Comlink.expose(api);
