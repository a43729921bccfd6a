import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { RerunControl } from '../../../kit/RerunControl';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import type { AudioSettings } from '../../../engines/media/types';
import { MediaPreview } from '../../../kit/media/MediaPreview';
import { useMediaJobs } from '../../../kit/media/useMediaJobs';
import { AudioSettingsPanel } from './AudioSettingsPanel';
import { AUDIO_ACCEPT } from '../../accepts';
import { AUDIO_DEFAULTS, cleanAudioSettings } from './settings';
import { AUDIO_SCHEMA } from './schema';
import { SettingsPresets } from '../../../kit/SettingsPresets';

const runner = () => import('../../../engines/media/client').then((m) => m.runAudioConvert);

export default function AudioConverterPage() {
  const { t } = useTranslation('media');
  const [stored, , setStored] = useStoredSettings<AudioSettings>('audio-converter', AUDIO_DEFAULTS, AUDIO_SCHEMA);
  // Stable settings and setter: the page re-renders on every progress report of a running job, and the
  // settings panel (a third of that render) then stays as it is.
  const settings = useMemo(() => cleanAudioSettings(stored), [stored]);
  const update = useCallback((patch: Partial<AudioSettings>) => setStored((s) => ({ ...s, ...patch })), [setStored]);
  const { jobs, selected, select } = useMediaJobs(runner, settings);

  return (
    <div className="space-y-6" data-testid="audio-converter">
      <AudioSettingsPanel settings={settings} onChange={update} />
      <SettingsPresets toolId="audio-converter" settings={stored} defaults={AUDIO_DEFAULTS} schema={AUDIO_SCHEMA} onApply={setStored} />
      <FileDrop accept={AUDIO_ACCEPT} onFiles={jobs.addFiles} typesLabel="MP3, WAV, OGG, FLAC, M4A, AAC, MP4, WebM, MOV" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('audio.engineNote')}</p>
      <RerunControl jobs={jobs} action={t('rerun')} />
      <ResultList jobs={jobs} zipName="localkit-audio.zip" selectedId={selected?.id} onSelect={select} />
      <MediaPreview row={selected} kind="audio" />
    </div>
  );
}
