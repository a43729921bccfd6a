import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QualitySelect } from '../../../kit/media/QualitySelect';
import type { VideoSettings } from '../../../engines/media/types';
import { Select, Slider } from '../../../ui/controls';
import { FRAME_RATES, RESOLUTIONS } from './settings';
import { useWebmCodec } from './useWebmCodec';

interface Props {
  settings: VideoSettings;
  onChange: (patch: Partial<VideoSettings>) => void;
}

/** Output format, size target, resolution and frame-rate caps, audio on/off. */
export function VideoSettingsPanel({ settings: s, onChange }: Props) {
  const { t } = useTranslation('media');
  const id = useId();
  const webm = useWebmCodec(s.container === 'webm', t('video.vp8Fallback'));
  return (
    <section className="panel grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('settings')} data-testid="video-settings">
      <Select
        label={t('video.container')}
        value={s.container}
        options={[
          { value: 'mp4', label: t('video.mp4') },
          { value: 'webm', label: t('video.webm') },
        ]}
        onChange={(container) => onChange({ container })}
        testId="container"
      />
      <Select
        label={t('video.mode')}
        value={s.mode}
        options={[
          { value: 'quality', label: t('video.modeQuality') },
          { value: 'percent', label: t('video.modePercent') },
          { value: 'size', label: t('video.modeSize') },
        ]}
        onChange={(mode) => onChange({ mode })}
        testId="mode"
      />
      {s.mode === 'quality' && (
        <QualitySelect value={s.quality} onChange={(quality) => onChange({ quality })} />
      )}
      {s.mode === 'quality' && (
        <Select
          label={t('video.speed')}
          value={s.speed}
          options={[
            { value: 'smallest', label: webm ? t('video.speedSmallestWebm', { codec: webm.smallest }) : t('video.speedSmallest') },
            { value: 'fast', label: webm ? t('video.speedFastWebm', { codec: webm.fast }) : t('video.speedFast') },
          ]}
          onChange={(speed) => onChange({ speed })}
          testId="speed"
        />
      )}
      {s.mode === 'percent' && (
        <Slider label={t('video.percent', { value: s.percent })} showValue={false} value={s.percent} min={5} max={95} step={5} onChange={(percent) => onChange({ percent })} testId="percent" />
      )}
      {s.mode === 'size' && (
        <div className="grid gap-1">
          <label htmlFor={`${id}-size`} className="text-sm font-medium">{t('video.targetMB')}</label>
          <input id={`${id}-size`} type="number" className="field" min={0.01} step={0.1} value={s.targetMB} onChange={(e) => onChange({ targetMB: Math.max(0.01, Number(e.target.value) || 0.01) })} data-testid="target-mb" />
        </div>
      )}
      <Select label={t('video.maxResolution')} value={s.maxHeight} options={RESOLUTIONS.map((r) => ({ value: r, label: r ? `${r}p` : t('original') }))} onChange={(maxHeight) => onChange({ maxHeight })} testId="max-resolution" />
      <Select label={t('video.maxFps')} value={s.maxFps} options={FRAME_RATES.map((r) => ({ value: r, label: r ? t('video.fps', { value: r }) : t('original') }))} onChange={(maxFps) => onChange({ maxFps })} testId="max-fps" />
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
        <input type="checkbox" className="size-4" checked={s.keepAudio} onChange={(e) => onChange({ keepAudio: e.target.checked })} data-testid="keep-audio" />
        {t('video.keepAudio')}
      </label>
      {webm && (
        <p className="text-sm text-zinc-600 sm:col-span-2 lg:col-span-3 dark:text-zinc-400" data-testid="webm-codec">
          {t('video.webmCodec', { codec: s.mode === 'quality' && s.speed === 'fast' ? webm.fast : webm.smallest })}
        </p>
      )}
    </section>
  );
}
