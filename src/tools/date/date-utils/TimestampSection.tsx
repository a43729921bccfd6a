import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { longDateTime } from './format';
import { NowPanel } from './NowPanel';
import { Row, Section } from './Row';
import { formatUtc, parseTimestamp, toSeconds, type TimestampUnit } from './timestamps';
import { ToTimestamp } from './ToTimestamp';
import { localTimeZone } from './zones';
import { Select } from '../../../ui/controls';

export function TimestampSection() {
  const { t, i18n } = useTranslation('date-utils');
  const [text, setText] = useState(() => String(toSeconds(Date.now())));
  const [unit, setUnit] = useState<TimestampUnit | 'auto'>('auto');
  const parsed = parseTimestamp(text, unit);

  return (
    <Section id="du-timestamps" title={t('sections.timestamp')}>
      <NowPanel />
      <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('timestamp.label')}</span>
          <input
            data-testid="text-input"
            className="field w-full font-mono"
            inputMode="numeric"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('timestamp.placeholder')}
            spellCheck={false}
          />
        </label>
        <Select label={t('timestamp.unit')} value={unit} options={(['auto', 's', 'ms'] as const).map((u) => ({ value: u, label: t(`timestamp.units.${u}`) }))} onChange={setUnit} testId="ts-unit-select" />
      </div>
      <div data-testid="text-output" data-status={parsed.ok ? 'done' : 'error'} aria-live="polite">
        {parsed.ok ? (
          <dl>
            <Row label={t('timestamp.readAs')} value={t(`timestamp.units.${parsed.unit}`)} testId="ts-unit" />
            <Row label={t('timestamp.local', { zone: localTimeZone() })} value={longDateTime(parsed.ms, i18n.language)} testId="ts-local" copy />
            <Row label={t('timestamp.utc')} value={formatUtc(parsed.ms)} testId="ts-utc" copy />
            <Row label={t('timestamp.iso')} value={new Date(parsed.ms).toISOString()} testId="ts-iso" copy />
            <Row label={t('timestamp.seconds')} value={String(toSeconds(parsed.ms))} testId="ts-seconds" copy />
            <Row label={t('timestamp.ms')} value={String(parsed.ms)} testId="ts-ms" copy />
          </dl>
        ) : (
          parsed.reason !== 'empty' && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="ts-error">
              {t(`timestamp.errors.${parsed.reason}`)}
            </p>
          )
        )}
      </div>
      <ToTimestamp />
    </Section>
  );
}
