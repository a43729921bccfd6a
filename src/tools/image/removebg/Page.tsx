import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSegmentationEngine } from '../../../engines/segmentation/client';
import { StaleResults } from '../../../kit/StaleResults';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { BeforeAfter } from './BeforeAfter';
import { EngineInfo } from './EngineInfo';
import { isColorInputValue } from '../../../lib/hex-colour';
import { DEFAULTS, removebgKey, removebgRunner, type Settings } from './runner';
import { BackgroundSettings } from './Settings';
import { REMOVEBG_SCHEMA } from './schema';
import { REMOVEBG_ACCEPT } from '../../accepts';


export default function RemoveBackgroundPage() {
  const { t } = useTranslation('image-removebg');
  const [engine] = useState(createSegmentationEngine);
  const [stored, update, setStored] = useStoredSettings<Settings>('image-removebg', DEFAULTS, REMOVEBG_SCHEMA);
  const settings: Settings = { background: stored.background === 'color' ? 'color' : 'transparent', color: isColorInputValue(stored.color) ? stored.color : DEFAULTS.color };
  const jobs = useFileJobs({
    run: removebgRunner(engine),
    settings,
    resultKey: removebgKey,
    // One model in one worker: images go through it one at a time.
    concurrency: 1,
    fallbackErrorKey: 'image-removebg:errors.process',
    onDispose: () => engine.terminate(),
  });
  const [selectedId, setSelectedId] = useState<string>();
  const done = jobs.rows.filter((r) => r.status === 'done' && r.result);
  const selected = done.find((r) => r.id === selectedId) ?? done.at(-1);

  return (
    <div className="space-y-6" data-testid="image-removebg">
      <EngineInfo />
      <SettingsPresets toolId="image-removebg" settings={stored} defaults={DEFAULTS} schema={REMOVEBG_SCHEMA} onApply={setStored} />
      <BackgroundSettings settings={settings} onChange={update} />
      <FileDrop accept={REMOVEBG_ACCEPT} onFiles={jobs.addFiles} typesLabel="JPG, PNG, WebP" />
      <StaleResults jobs={jobs} message={t('stale')} action={t('applyAgain')} actionTestId="apply-again" />
      <ResultList jobs={jobs} zipName="localkit-no-background.zip" selectedId={selected?.id} onSelect={setSelectedId} sizeChange={false} />
      {selected?.result && (
        <BeforeAfter
          key={selected.id}
          before={selected.file}
          after={selected.result.blob}
          name={selected.file.name}
          width={Number(selected.result.facts?.width) || 1}
          height={Number(selected.result.facts?.height) || 1}
        />
      )}
    </div>
  );
}
