import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { IMAGE_DOWNLOAD_FAILURES } from '../shared/failures';
import { IMAGE_ACCEPT } from '../../accepts';
import { IMAGE_TYPES_LABEL } from '../shared/accept';
import { AnimationNotice } from '../shared/AnimationNotice';
import { ComparePanel } from '../shared/ComparePanel';
import { OutputSettings } from '../shared/OutputSettings';
import { RerunButton } from '../shared/RerunButton';
import { ResizeStepControls } from '../shared/ResizeStepControls';
import { LABEL } from '../../../engines/codecs/formats';
import { useImageJobs } from '../shared/useImageJobs';
import { NumberField, RadioGroup, Select } from '../../../ui/controls';
import { COMPRESS_DEFAULTS, COMPRESS_FORMATS, compressJob, levelDistance, SCORE_LEVELS } from './compress';
import { COMPRESS_SCHEMA } from './schema';

export default function ImageCompressPage() {
  const { t } = useTranslation('image-codecs');
  const [settings, update, setSettings] = useStoredSettings('image-compress', COMPRESS_DEFAULTS, COMPRESS_SCHEMA);
  const jobs = useImageJobs(settings, compressJob, 'image-codecs:errors.compress');
  const [selectedId, setSelectedId] = useState<string>();
  const selected = jobs.rows.find((r) => r.id === selectedId) ?? jobs.rows.find((r) => r.status === 'done');
  const sized = settings.format !== 'png';

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('settings.title')}>
        <ResizeStepControls
          value={settings.resize}
          onChange={(resize) => update({ resize })}
          then={settings.format === 'keep' ? t('pipeline.compressKeep') : t('pipeline.compress', { format: LABEL[settings.format] })}
        />
        <OutputSettings value={settings} onChange={update} formats={COMPRESS_FORMATS} hideQuality={settings.mode !== 'quality'} />
        {sized && (
          <div className="flex flex-wrap items-center gap-4 text-sm">
            <RadioGroup
              legend={t('settings.mode')}
              hideLegend
              value={settings.mode}
              onChange={(mode) => update({ mode })}
              choices={[
                { value: 'quality', label: t('settings.modeQuality'), testId: 'mode-quality' },
                { value: 'size', label: t('settings.modeSize'), testId: 'mode-size' },
                { value: 'ssim', label: t('settings.modeSsim'), testId: 'mode-ssim' },
              ]}
            />
            {settings.mode === 'ssim' && (
              <Select
                inline
                className="max-w-full flex-wrap"
                label={t('settings.targetSsim')}
                value={settings.targetScore}
                options={SCORE_LEVELS.map((level) => ({ value: level, label: t(`settings.scoreLevel.s${level}`) }))}
                onChange={(targetScore) => update({ targetScore })}
                testId="target-ssim"
              />
            )}
            {/* The level's two bounds beside the list box, not in it: a native list box cannot wrap, and the name with
                the numbers is wider than a phone in German and Japanese. */}
            {settings.mode === 'ssim' && (
              <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400" data-testid="level-bounds">
                SSIMULACRA2 {settings.targetScore} · butteraugli ≤ {levelDistance(settings.targetScore)}
              </span>
            )}
            {settings.mode === 'ssim' && <p className="basis-full text-xs text-zinc-600 dark:text-zinc-400">{t('settings.ssimHint')}</p>}
            {settings.mode === 'size' && <NumberField layout="inline" widthClass="w-28" label={t('settings.targetSize')} unit="KB" min={1} value={settings.targetKB} onChange={(targetKB) => update({ targetKB })} testId="target-kb" />}
          </div>
        )}
        <SettingsPresets toolId="image-compress" settings={settings} defaults={COMPRESS_DEFAULTS} schema={COMPRESS_SCHEMA} onApply={setSettings} />
        <RerunButton jobs={jobs} />
      </section>
      <FileDrop accept={IMAGE_ACCEPT} onFiles={jobs.addFiles} typesLabel={IMAGE_TYPES_LABEL} />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('notes.gif')}</p>
      <AnimationNotice rows={jobs.rows} output={settings.format} />
      <ResultList jobs={jobs} zipName="localkit-compressed.zip" selectedId={selected?.id} onSelect={setSelectedId} failureKeys={IMAGE_DOWNLOAD_FAILURES} />
      {jobs.rows.length > 0 && <ComparePanel row={selected} />}
    </div>
  );
}
