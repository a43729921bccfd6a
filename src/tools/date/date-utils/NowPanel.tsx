import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Row } from './Row';
import { toSeconds } from './timestamps';

/** The current time as timestamps, ticking. Its own component so that only it re-renders. */
export function NowPanel() {
  const { t } = useTranslation('date-utils');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return (
    <dl className="rounded-md bg-zinc-50 px-3 py-1 dark:bg-zinc-800/50">
      <Row label={t('now.ms')} value={String(now)} testId="now-ms" copy />
      <Row label={t('now.s')} value={String(toSeconds(now))} testId="now-s" copy />
    </dl>
  );
}
