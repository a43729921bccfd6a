import { useState } from 'react';
import { FileDrop } from '../../../kit/FileDrop';
import type { AcceptSpec } from '../../../kit/fileTypes';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { StaleNotice } from '../shared/StaleNotice';
import { TRACE_DEFAULTS, type TraceSettings } from './trace';
import { createTracePool, traceJob, traceKey } from './traceJob';
import { TracePreview } from './TracePreview';
import { TraceSettingsPanel } from './TraceSettingsPanel';
import { TRACE_SCHEMA } from './schema';

const ACCEPT: AcceptSpec = { mime: ['image/png', 'image/jpeg', 'image/webp', 'image/bmp', 'image/gif'], extensions: ['png', 'jpg', 'jpeg', 'webp', 'bmp', 'gif'], maxSize: 200 * 1024 * 1024 };

/** PNG → SVG and JPG → SVG: one tracer, two routes; each route remembers its own settings. */
export function TracePage({ toolId }: { toolId: 'png-to-svg' | 'jpg-to-svg' }) {
  const [settings, update] = useStoredSettings<TraceSettings>(toolId, { ...TRACE_DEFAULTS, mode: toolId === 'png-to-svg' ? 'bw' : 'color' }, TRACE_SCHEMA);
  const [pool] = useState(createTracePool);
  const [run] = useState(() => traceJob(pool));
  const jobs = useFileJobs({ run, settings, fallbackErrorKey: 'svg-tools:errors.trace', onDispose: () => pool.terminate() });
  const [selected, setSelected] = useState<string>();
  const done = jobs.rows.filter((r) => r.status === 'done');
  const shown = done.find((r) => r.id === selected) ?? done[0];

  return (
    <div className="space-y-4">
      <TraceSettingsPanel settings={settings} update={update} />
      <FileDrop accept={ACCEPT} onFiles={jobs.addFiles} typesLabel="PNG, JPG, WebP, BMP, GIF" />
      <StaleNotice jobs={jobs} settingsKey={traceKey(settings)} />
      {shown && <TracePreview row={shown} />}
      <ResultList jobs={jobs} zipName={`localkit-${toolId}.zip`} selectedId={shown?.id} onSelect={setSelected} />
    </div>
  );
}
