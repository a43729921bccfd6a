// One codec worker of the pool: the engine's pipeline behind comlink.
import * as Comlink from 'comlink';
import { processImage } from './pipeline';
import type { CodecJob, CodecOutcome, CodecStage } from './types';

const api = {
  async process(input: Uint8Array, job: CodecJob, onStage: (stage: CodecStage, done?: number, total?: number) => void): Promise<CodecOutcome> {
    const outcome = await processImage(input, job, (stage, done, total) => void onStage(stage, done, total));
    return outcome.ok ? Comlink.transfer(outcome, [outcome.bytes.buffer]) : outcome;
  },
};

export type CodecWorkerApi = typeof api;

Comlink.expose(api);
