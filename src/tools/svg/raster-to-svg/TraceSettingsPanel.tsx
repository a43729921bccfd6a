import { useTranslation } from 'react-i18next';
import { RadioGroup, Slider } from '../../../ui/controls';
import type { TraceSettings } from './trace';

interface Props {
  settings: TraceSettings;
  update: (patch: Partial<TraceSettings>) => void;
}

function Row({ id, ...rest }: { id: string; label: string; value: number; min: number; max: number; step?: number; onChange: (v: number) => void }) {
  return <Slider layout="inline" labelWidth="w-28 sm:w-40" valueWidth="w-10" testId={id} valueTestId={`${id}-value`} {...rest} />;
}

export function TraceSettingsPanel({ settings, update }: Props) {
  const { t } = useTranslation('svg-tools');
  return (
    <section className="panel space-y-3" aria-label={t('settings')}>
      <RadioGroup
        legend={t('trace.mode')}
        value={settings.mode}
        onChange={(mode) => update({ mode })}
        choices={(['auto', 'bw', 'color'] as const).map((m) => ({ value: m, label: t(`trace.modes.${m}`), testId: `mode-${m}` }))}
      />
      <div className="grid grid-cols-1 gap-2 md:grid-cols-2">
        {settings.mode !== 'color' && <Row id="threshold" label={t('trace.threshold')} value={settings.threshold} min={1} max={254} onChange={(threshold) => update({ threshold })} />}
        {settings.mode !== 'bw' && (
          <>
            <Row id="colors" label={t('trace.colors')} value={settings.colors} min={2} max={64} onChange={(colors) => update({ colors })} />
            <Row id="blur" label={t('trace.blur')} value={settings.blur} min={0} max={5} onChange={(blur) => update({ blur })} />
          </>
        )}
        <Row id="path-omit" label={t(settings.mode === 'bw' ? 'trace.turdSize' : 'trace.pathOmit')} value={settings.pathOmit} min={0} max={64} onChange={(pathOmit) => update({ pathOmit })} />
        <Row id="line-tolerance" label={t('trace.corners')} value={settings.lineTolerance} min={0.1} max={10} step={0.1} onChange={(lineTolerance) => update({ lineTolerance })} />
        <Row id="curve-tolerance" label={t('trace.curves')} value={settings.curveTolerance} min={0.1} max={10} step={0.1} onChange={(curveTolerance) => update({ curveTolerance })} />
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('trace.hint')}</p>
    </section>
  );
}
