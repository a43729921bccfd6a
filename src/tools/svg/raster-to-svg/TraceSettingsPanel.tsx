import { useTranslation } from 'react-i18next';
import type { TraceSettings } from './trace';

interface Props {
  settings: TraceSettings;
  update: (patch: Partial<TraceSettings>) => void;
}

function Slider({ label, value, min, max, step = 1, onChange, id }: { label: string; value: number; min: number; max: number; step?: number; onChange: (v: number) => void; id: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="w-28 shrink-0 sm:w-40">{label}</span>
      <input type="range" className="min-w-0 flex-1" min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={id} />
      <span className="w-10 shrink-0 text-right tabular-nums" data-testid={`${id}-value`}>{value}</span>
    </label>
  );
}

export function TraceSettingsPanel({ settings, update }: Props) {
  const { t } = useTranslation('svg-tools');
  return (
    <section className="panel space-y-3" aria-label={t('settings')}>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">{t('trace.mode')}</legend>
        {(['auto', 'bw', 'color'] as const).map((m) => (
          <label key={m} className="flex items-center gap-2 text-sm">
            <input type="radio" name="trace-mode" checked={settings.mode === m} onChange={() => update({ mode: m })} data-testid={`mode-${m}`} />
            {t(`trace.modes.${m}`)}
          </label>
        ))}
      </fieldset>
      <div className="grid grid-cols-1 gap-2 md:grid-cols-2">
        {settings.mode !== 'color' && <Slider id="threshold" label={t('trace.threshold')} value={settings.threshold} min={1} max={254} onChange={(threshold) => update({ threshold })} />}
        {settings.mode !== 'bw' && (
          <>
            <Slider id="colors" label={t('trace.colors')} value={settings.colors} min={2} max={64} onChange={(colors) => update({ colors })} />
            <Slider id="blur" label={t('trace.blur')} value={settings.blur} min={0} max={5} onChange={(blur) => update({ blur })} />
          </>
        )}
        <Slider id="path-omit" label={t(settings.mode === 'bw' ? 'trace.turdSize' : 'trace.pathOmit')} value={settings.pathOmit} min={0} max={64} onChange={(pathOmit) => update({ pathOmit })} />
        <Slider id="line-tolerance" label={t('trace.corners')} value={settings.lineTolerance} min={0.1} max={10} step={0.1} onChange={(lineTolerance) => update({ lineTolerance })} />
        <Slider id="curve-tolerance" label={t('trace.curves')} value={settings.curveTolerance} min={0.1} max={10} step={0.1} onChange={(curveTolerance) => update({ curveTolerance })} />
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('trace.hint')}</p>
    </section>
  );
}
