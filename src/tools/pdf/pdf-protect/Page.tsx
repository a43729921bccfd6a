import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { releasePdfWorker } from '../../../engines/pdf/client';
import { PDF_ACCEPT } from '../../accepts';
import { PasswordField } from '../shared/PasswordField';
import { PROTECT_DEFAULTS, PROTECT_SCHEMA, protectJob } from './protect';

export default function PdfProtectPage() {
  const { t } = useTranslation('pdf');
  const [allow, update] = useStoredSettings('pdf-protect', PROTECT_DEFAULTS, PROTECT_SCHEMA);
  // Kept in memory only: a password never goes to storage or the address bar.
  const [password, setPassword] = useState('');
  const jobs = useFileJobs({ run: protectJob, settings: { ...allow, password }, autoStart: false, fallbackErrorKey: 'pdf:errors.failed', onDispose: releasePdfWorker });

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('settings')}>
        <PasswordField value={password} onChange={setPassword} label={t('protect.password')} />
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 font-medium">{t('protect.allow')}</legend>
          {(['print', 'copy', 'edit'] as const).map((key) => (
            <label key={key} className="flex items-center gap-2">
              <input type="checkbox" checked={allow[key]} onChange={(e) => update({ [key]: e.target.checked })} data-testid={`allow-${key}`} />
              {t(`protect.${key}`)}
            </label>
          ))}
        </fieldset>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('protect.hint')}</p>
      </section>
      <FileDrop accept={PDF_ACCEPT} onFiles={jobs.addFiles} typesLabel="PDF" />
      <ResultList jobs={jobs} zipName="localkit-protected.zip" />
    </div>
  );
}
