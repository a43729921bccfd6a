import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField, Select } from '../../../ui/controls';
import { CEILING_RANGE, TARGET_RANGE, TARGETS, type LoudnessSettings } from './settings';

interface Props {
  settings: LoudnessSettings;
  onChange: (patch: Partial<LoudnessSettings>) => void;
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
      <NumberField decimal label={t('targetLufs')} value={s.targetLufs} min={TARGET_RANGE[0]} max={TARGET_RANGE[1]} step={0.1} unit="LUFS" widthClass="w-28" testId="target-lufs" onChange={(targetLufs) => onChange({ targetLufs })} />
      <NumberField decimal label={t('ceiling')} value={s.ceiling} min={CEILING_RANGE[0]} max={CEILING_RANGE[1]} step={0.1} unit="dBTP" widthClass="w-28" testId="ceiling" onChange={(ceiling) => onChange({ ceiling })} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400 sm:col-span-3">{t('explain')}</p>
    </section>
  );
});
