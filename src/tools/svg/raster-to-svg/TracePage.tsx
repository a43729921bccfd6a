import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { StaleResults } from '../../../kit/StaleResults';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { TRACE_DEFAULTS, type TraceSettings } from './settings';
import { createTracePool, traceJob, traceKey } from './traceJob';
import { TraceGuard } from './TraceGuard';
import { TracePreview } from './TracePreview';
import { TraceSettingsPanel } from './TraceSettingsPanel';
import { TRACE_SCHEMA } from './schema';
import { useTraceGuard } from './useTraceGuard';
import { TRACE_ACCEPT } from '../../accepts';


const DEFAULTS: TraceSettings = { ...TRACE_DEFAULTS, mode: 'auto' };

/** PNG → SVG and JPG → SVG: one tracer, two routes; each route remembers its own settings. */
export function TracePage({ toolId }: { toolId: 'png-to-svg' | 'jpg-to-svg' }) {
  const { t } = useTranslation('svg-tools');
  const [settings, update, setSettings] = useStoredSettings<TraceSettings>(toolId, DEFAULTS, TRACE_SCHEMA);
  const [pool] = useState(createTracePool);
  const [run] = useState(() => traceJob(pool));
  const jobs = useFileJobs({ run, settings, resultKey: traceKey, fallbackErrorKey: 'svg-tools:errors.trace', onDispose: () => pool.terminate() });
  const guard = useTraceGuard(pool, settings.mode, jobs.addFiles);
  const [selected, setSelected] = useState<string>();
  const done = jobs.rows.filter((r) => r.status === 'done');
  const shown = done.find((r) => r.id === selected) ?? done[0];

  return (
    <div className="space-y-4">
      <SettingsPresets toolId={toolId} settings={settings} defaults={DEFAULTS} schema={TRACE_SCHEMA} onApply={setSettings} />
      <TraceSettingsPanel settings={settings} update={update} />
      <FileDrop accept={TRACE_ACCEPT} onFiles={guard.onFiles} typesLabel="PNG, JPG, WebP, BMP, GIF" />
      <TraceGuard held={guard.held} onDownscale={guard.downscale} onFull={guard.full} onCancel={guard.cancel} />
      <StaleResults jobs={jobs} message={t('stale')} action={t('convertAgain')} actionTestId="convert-again" />
      {shown && <TracePreview row={shown} />}
      <ResultList jobs={jobs} zipName={`localkit-${toolId}.zip`} selectedId={shown?.id} onSelect={setSelected} />
    </div>
  );
}
