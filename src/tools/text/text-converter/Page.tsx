import { proxy } from 'comlink';
import { useState } from 'react';
import type { JobRunner } from '../../../runtime/jobs';
import { useFileJobs } from '../../../kit/useFileJobs';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { WorkerPool } from '../../../runtime/WorkerPool';
import { BatchPanel } from './BatchPanel';
import type { ConverterApi } from './convert.worker';
import { isMode, type Mode } from './modes';
import { ModePicker } from './ModePicker';
import { TextPanel } from './TextPanel';
import { CONVERTER_SCHEMA } from './schema';

interface Settings {
  mode: Mode;
}

const DEFAULTS: Settings = { mode: 'upper' };

// Each worker holds its own copy of a Chinese dictionary (~45 MB once built for Simplified → Traditional)
// and a text file converts in well under a second: two workers are plenty, more would only cost memory.
const POOL_SIZE = Math.min(2, typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2);

function createPool() {
  return new WorkerPool<ConverterApi>(() => new Worker(new URL('./convert.worker.ts', import.meta.url), { type: 'module' }), POOL_SIZE);
}

/** The batch job: one file through the worker pool; its errors come back as values with a translation key. */
function fileRunner(pool: WorkerPool<ConverterApi>): JobRunner<Settings> {
  return async (file, { mode }, ctx) => {
    const { blob, name, format } = await pool.call((api) => api.convertFile(file, mode, proxy(ctx.onProgress)), ctx.signal);
    return { blob, name, facts: { format } };
  };
}

export default function TextConverterPage() {
  const [pool] = useState(createPool);
  const [stored, update] = useStoredSettings<Settings>('text-converter', DEFAULTS, CONVERTER_SCHEMA);
  const settings = isMode(stored.mode) ? stored : DEFAULTS;
  const jobs = useFileJobs({
    run: fileRunner(pool),
    settings,
    resultKey: (s) => s.mode,
    concurrency: pool.size,
    fallbackErrorKey: 'text-converter:errors.conversionFailed',
    onDispose: () => pool.terminate(),
  });

  return (
    <div className="space-y-6" data-testid="text-converter">
      <ModePicker mode={settings.mode} onChange={(mode) => update({ mode })} />
      <TextPanel pool={pool} mode={settings.mode} />
      <BatchPanel jobs={jobs} mode={settings.mode} />
    </div>
  );
}
