import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { releasePdfWorker } from '../../../engines/pdf/client';
import { PDF_ACCEPT } from '../../accepts';
import { PasswordField } from '../shared/PasswordField';
import { unlockJob } from './unlock';

export default function PdfUnlockPage() {
  const { t } = useTranslation('pdf');
  // Kept in memory only: a password never goes to storage or the address bar.
  const [password, setPassword] = useState('');
  const jobs = useFileJobs({ run: unlockJob, settings: { password }, autoStart: false, fallbackErrorKey: 'pdf:errors.failed', onDispose: releasePdfWorker });

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('settings')}>
        <PasswordField value={password} onChange={setPassword} label={t('unlock.password')} />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('unlock.hint')}</p>
      </section>
      <FileDrop accept={PDF_ACCEPT} onFiles={jobs.addFiles} typesLabel="PDF" />
      <ResultList jobs={jobs} zipName="localkit-unlocked.zip" />
    </div>
  );
}
