import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { StaleResults } from '../../../kit/StaleResults';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { SVG_ACCEPT } from '../../accepts';
import { OPTIMIZER_DEFAULTS, optimizerKey, type OptimizerSettings } from './config';
import { optimizeJob, releaseOptimizer } from './optimizeJob';
import { PluginToggles } from './PluginToggles';
import { SideBySide } from './SideBySide';
import { OPTIMIZER_SCHEMA } from './schema';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { Slider } from '../../../ui/controls';

export default function SvgOptimizerPage() {
  const { t } = useTranslation('svg-tools');
  const [settings, update, setSettings] = useStoredSettings<OptimizerSettings>('svg-optimizer', OPTIMIZER_DEFAULTS, OPTIMIZER_SCHEMA);
  const jobs = useFileJobs({ run: optimizeJob, settings, resultKey: optimizerKey, fallbackErrorKey: 'svg-tools:errors.optimize', onDispose: releaseOptimizer });
  const [selected, setSelected] = useState<string>();
  const done = jobs.rows.filter((r) => r.status === 'done');
  const shown = done.find((r) => r.id === selected) ?? done[0];
  const toggle = (name: string) =>
    update({ toggled: settings.toggled.includes(name) ? settings.toggled.filter((n) => n !== name) : [...settings.toggled, name] });

  return (
    <div className="space-y-4">
      <section className="panel flex flex-wrap items-center gap-4" aria-label={t('settings')}>
        <Slider layout="inline" label={t('optimizer.precision')} value={settings.precision} min={0} max={8} onChange={(precision) => update({ precision })} testId="precision" valueWidth="w-4" />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={settings.multipass} onChange={(e) => update({ multipass: e.target.checked })} data-testid="multipass" />
          {t('optimizer.multipass')}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={settings.pretty} onChange={(e) => update({ pretty: e.target.checked })} data-testid="pretty" />
          {t('optimizer.pretty')}
        </label>
        <button type="button" className="btn btn-ghost ml-auto" onClick={() => update(OPTIMIZER_DEFAULTS)} data-testid="reset">
          {t('optimizer.reset')}
        </button>
      </section>
      <PluginToggles settings={settings} onToggle={toggle} />
      <SettingsPresets toolId="svg-optimizer" settings={settings} defaults={OPTIMIZER_DEFAULTS} schema={OPTIMIZER_SCHEMA} onApply={setSettings} />
      <FileDrop accept={SVG_ACCEPT} onFiles={jobs.addFiles} typesLabel="SVG" />
      <StaleResults jobs={jobs} message={t('stale')} action={t('convertAgain')} actionTestId="convert-again" />
      {shown && <SideBySide row={shown} />}
      <ResultList jobs={jobs} zipName="localkit-svg-optimized.zip" selectedId={shown?.id} onSelect={setSelected} />
    </div>
  );
}
