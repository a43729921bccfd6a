import { useEffect, useMemo, useState } from 'react';
import { warmInspector } from '../../../engines/svg/client';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { StaleResults } from '../../../kit/StaleResults';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { SVG_ACCEPT } from '../../accepts';
import { RASTER_DEFAULTS, rasterJob, rasterKey, type RasterFormat, type RasterSettings } from './rasterJob';
import { RASTER_SCHEMA } from './schema';
import { SettingsPresets } from '../../../kit/SettingsPresets';

const SCALES = [1, 2, 4];

/** SVG → PNG and SVG → JPG: one page, one rasteriser, two routes. */
export function RasterPage({ format }: { format: RasterFormat }) {
  const { t } = useTranslation('svg-tools');
  const [settings, update, setSettings] = useStoredSettings<RasterSettings>(`svg-to-${format}`, RASTER_DEFAULTS, RASTER_SCHEMA);
  const run = useMemo(() => rasterJob(format), [format]);
  const [allowLarge, setAllowLarge] = useState(false);
  useEffect(warmInspector, []);
  const jobSettings = useMemo(() => ({ ...settings, allowLarge }), [settings, allowLarge]);
  // Rendering happens on the main thread (an <img> decodes the SVG): two at a time keeps the page responsive.
  const jobs = useFileJobs({ run, settings: jobSettings, resultKey: (s) => rasterKey(format, s), concurrency: 2, fallbackErrorKey: 'svg-tools:errors.render' });
  const opaque = format === 'jpg' || !settings.transparent;
  const num = (v: string, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number(v) || min)));

  return (
    <div className="space-y-4">
      <section className="panel grid gap-4 sm:grid-cols-2" aria-label={t('settings')}>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('raster.size')}</legend>
          <div className="flex flex-wrap gap-2">
            {SCALES.map((s) => (
              <label key={s} className="flex items-center gap-1 text-sm">
                <input type="radio" name="size" checked={settings.sizeMode === 'scale' && settings.scale === s} onChange={() => update({ sizeMode: 'scale', scale: s })} data-testid={`scale-${s}`} />
                {s}×
              </label>
            ))}
            {(['width', 'height', 'exact'] as const).map((m) => (
              <label key={m} className="flex items-center gap-1 text-sm">
                <input type="radio" name="size" checked={settings.sizeMode === m} onChange={() => update({ sizeMode: m })} data-testid={`size-${m}`} />
                {t(`raster.mode.${m}`)}
              </label>
            ))}
          </div>
          {settings.sizeMode !== 'scale' && (
            <div className="flex flex-wrap gap-3">
              {settings.sizeMode !== 'height' && (
                <label className="flex items-center gap-2 text-sm">
                  {t('raster.width')}
                  <input type="number" className="field w-24" min={1} max={16384} value={settings.width} onChange={(e) => update({ width: num(e.target.value, 1, 16384) })} data-testid="width" />
                </label>
              )}
              {settings.sizeMode !== 'width' && (
                <label className="flex items-center gap-2 text-sm">
                  {t('raster.height')}
                  <input type="number" className="field w-24" min={1} max={16384} value={settings.height} onChange={(e) => update({ height: num(e.target.value, 1, 16384) })} data-testid="height" />
                </label>
              )}
            </div>
          )}
          {settings.sizeMode === 'exact' && <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('raster.exactHint')}</p>}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('raster.background')}</legend>
          {format === 'png' && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={settings.transparent} onChange={(e) => update({ transparent: e.target.checked })} data-testid="transparent" />
              {t('raster.transparent')}
            </label>
          )}
          {opaque && (
            <label className="flex items-center gap-2 text-sm">
              {t('raster.colour')}
              <input type="color" className="h-8 w-12 cursor-pointer rounded border border-zinc-300 dark:border-zinc-700" value={settings.background} onChange={(e) => update({ background: e.target.value })} data-testid="background" />
            </label>
          )}
          {format === 'jpg' && (
            <label className="flex items-center gap-2 text-sm">
              {t('raster.quality')}
              <input type="range" min={10} max={100} value={settings.quality} onChange={(e) => update({ quality: Number(e.target.value) })} data-testid="quality" />
              <span className="w-8 tabular-nums">{settings.quality}</span>
            </label>
          )}
        </fieldset>
      </section>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={allowLarge} onChange={(e) => setAllowLarge(e.target.checked)} data-testid="allow-large" />
        {t('raster.allowLarge')}
      </label>
      <SettingsPresets toolId={`svg-to-${format}`} settings={settings} defaults={RASTER_DEFAULTS} schema={RASTER_SCHEMA} onApply={setSettings} />
      <FileDrop accept={SVG_ACCEPT} onFiles={jobs.addFiles} typesLabel="SVG" />
      <StaleResults jobs={jobs} message={t('stale')} action={t('convertAgain')} actionTestId="convert-again" />
      <ResultList jobs={jobs} zipName={`localkit-svg-to-${format}.zip`} />
    </div>
  );
}
