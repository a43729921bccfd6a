import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useFileJobs } from '../../../kit/useFileJobs';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { RadioGroup } from '../../../ui/controls';
import { IMAGE_ACCEPT } from '../../accepts';
import { IMAGE_DOWNLOAD_FAILURES } from '../shared/failures';
import { RerunButton } from '../shared/RerunButton';
import type { StripSettings } from './blocks';
import { releaseMetadataWorkers, stripRunner } from './client';
import { MetadataView } from './MetadataView';
import { STRIP_SCHEMA } from './schema';
import { STRIP_DEFAULTS } from './strip';

export default function ImageMetadataPage() {
  const { t } = useTranslation('image-metadata');
  const [settings, update, setSettings] = useStoredSettings('image-metadata', STRIP_DEFAULTS, STRIP_SCHEMA);
  const jobs = useFileJobs<StripSettings>({
    run: stripRunner,
    settings,
    fallbackErrorKey: 'image-metadata:errors.failed',
    resultKey: (s) => `${s.mode}:${s.mode === 'all' && s.keepIcc}`,
    onDispose: releaseMetadataWorkers,
  });
  const [selectedId, setSelectedId] = useState<string>();
  const selected = jobs.rows.find((r) => r.id === selectedId) ?? jobs.rows[0];

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('settings.title')}>
        <RadioGroup
          legend={t('settings.mode')}
          value={settings.mode}
          onChange={(mode) => update({ mode })}
          choices={[
            { value: 'location', label: t('settings.location'), testId: 'mode-location' },
            { value: 'all', label: t('settings.all'), testId: 'mode-all' },
          ]}
        />
        {settings.mode === 'all' && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={settings.keepIcc} onChange={(e) => update({ keepIcc: e.target.checked })} data-testid="keep-icc" />
            {t('settings.keepIcc')}
          </label>
        )}
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('settings.hint')}</p>
        <SettingsPresets toolId="image-metadata" settings={settings} defaults={STRIP_DEFAULTS} schema={STRIP_SCHEMA} onApply={setSettings} />
        <RerunButton jobs={jobs} />
      </section>
      <FileDrop accept={IMAGE_ACCEPT} onFiles={jobs.addFiles} typesLabel="JPEG, PNG, WebP, GIF, HEIC, AVIF" />
      <ResultList jobs={jobs} zipName="localkit-metadata-removed.zip" selectedId={selected?.id} onSelect={setSelectedId} failureKeys={IMAGE_DOWNLOAD_FAILURES} />
      {selected && <MetadataView key={selected.id} file={selected.file} result={selected.result?.blob} />}
    </div>
  );
}
