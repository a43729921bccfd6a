import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../ui/controls';
import { CEILING_RANGE, TARGET_RANGE, TARGETS, type LoudnessSettings } from './settings';

interface Props {
  settings: LoudnessSettings;
  onChange: (patch: Partial<LoudnessSettings>) => void;
}

/** A decimal field that keeps what is being typed ("-1", "-", "-23.") and passes on only values in range. */
function DecimalField({ label, value, range, unit, testId, onChange }: { label: string; value: number; range: readonly [number, number]; unit: string; testId: string; onChange: (v: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <label className="ctl">
      {label}
      <span className="flex items-center gap-1">
        <input
          type="number"
          className="field w-28"
          min={range[0]}
          max={range[1]}
          step={0.1}
          value={draft ?? String(value)}
          onChange={(e) => {
            setDraft(e.target.value);
            const v = Number(e.target.value);
            if (e.target.value.trim() !== '' && Number.isFinite(v) && v >= range[0] && v <= range[1]) onChange(v);
          }}
          onBlur={() => setDraft(null)}
          data-testid={testId}
        />
        <span className="text-zinc-600 dark:text-zinc-400">{unit}</span>
      </span>
    </label>
  );
}

export const LoudnessPanel = memo(function LoudnessPanel({ settings: s, onChange }: Props) {
  const { t } = useTranslation('audio-loudness');
  const preset = TARGETS.find((p) => p.lufs === s.targetLufs)?.id ?? 'custom';
  return (
    <section className="panel grid gap-4 sm:grid-cols-3" aria-label={t('settings')}>
      <Select
        label={t('target')}
        value={preset}
        options={[...TARGETS.map((p) => ({ value: p.id as string, label: t(`targets.${p.id}`) })), { value: 'custom', label: t('targets.custom') }]}
        onChange={(id) => {
          const hit = TARGETS.find((p) => p.id === id);
          if (hit) onChange({ targetLufs: hit.lufs });
        }}
        testId="target-preset"
      />
      <DecimalField label={t('targetLufs')} value={s.targetLufs} range={TARGET_RANGE} unit="LUFS" testId="target-lufs" onChange={(targetLufs) => onChange({ targetLufs })} />
      <DecimalField label={t('ceiling')} value={s.ceiling} range={CEILING_RANGE} unit="dBTP" testId="ceiling" onChange={(ceiling) => onChange({ ceiling })} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400 sm:col-span-3">{t('explain')}</p>
    </section>
  );
});
