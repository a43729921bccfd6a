import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoSettings } from '../../../engines/media/types';
import { FRAME_RATES, RESOLUTIONS } from './settings';

interface Props {
  settings: VideoSettings;
  onChange: (patch: Partial<VideoSettings>) => void;
}

/** Output format, size target, resolution and frame-rate caps, audio on/off. */
export function VideoSettingsPanel({ settings: s, onChange }: Props) {
  const { t } = useTranslation('media');
  const id = useId();
  return (
    <section className="panel grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('settings')} data-testid="video-settings">
      <div className="grid gap-1">
        <label htmlFor={`${id}-container`} className="text-sm font-medium">{t('video.container')}</label>
        <select id={`${id}-container`} className="field" value={s.container} onChange={(e) => onChange({ container: e.target.value as VideoSettings['container'] })} data-testid="container">
          <option value="mp4">{t('video.mp4')}</option>
          <option value="webm">{t('video.webm')}</option>
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-mode`} className="text-sm font-medium">{t('video.mode')}</label>
        <select id={`${id}-mode`} className="field" value={s.mode} onChange={(e) => onChange({ mode: e.target.value as VideoSettings['mode'] })} data-testid="mode">
          <option value="quality">{t('video.modeQuality')}</option>
          <option value="percent">{t('video.modePercent')}</option>
          <option value="size">{t('video.modeSize')}</option>
        </select>
      </div>
      {s.mode === 'quality' && (
        <div className="grid gap-1">
          <label htmlFor={`${id}-quality`} className="text-sm font-medium">{t('quality.label')}</label>
          <select id={`${id}-quality`} className="field" value={s.quality} onChange={(e) => onChange({ quality: e.target.value as VideoSettings['quality'] })} data-testid="quality">
            <option value="high">{t('quality.high')}</option>
            <option value="medium">{t('quality.medium')}</option>
            <option value="low">{t('quality.low')}</option>
          </select>
        </div>
      )}
      {s.mode === 'percent' && (
        <div className="grid gap-1">
          <label htmlFor={`${id}-percent`} className="text-sm font-medium">{t('video.percent', { value: s.percent })}</label>
          <input id={`${id}-percent`} type="range" min={5} max={95} step={5} value={s.percent} onChange={(e) => onChange({ percent: Number(e.target.value) })} data-testid="percent" />
        </div>
      )}
      {s.mode === 'size' && (
        <div className="grid gap-1">
          <label htmlFor={`${id}-size`} className="text-sm font-medium">{t('video.targetMB')}</label>
          <input id={`${id}-size`} type="number" className="field" min={0.01} step={0.1} value={s.targetMB} onChange={(e) => onChange({ targetMB: Math.max(0.01, Number(e.target.value) || 0.01) })} data-testid="target-mb" />
        </div>
      )}
      <div className="grid gap-1">
        <label htmlFor={`${id}-res`} className="text-sm font-medium">{t('video.maxResolution')}</label>
        <select id={`${id}-res`} className="field" value={s.maxHeight} onChange={(e) => onChange({ maxHeight: Number(e.target.value) })} data-testid="max-resolution">
          {RESOLUTIONS.map((r) => (
            <option key={r} value={r}>{r ? `${r}p` : t('original')}</option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-fps`} className="text-sm font-medium">{t('video.maxFps')}</label>
        <select id={`${id}-fps`} className="field" value={s.maxFps} onChange={(e) => onChange({ maxFps: Number(e.target.value) })} data-testid="max-fps">
          {FRAME_RATES.map((r) => (
            <option key={r} value={r}>{r ? t('video.fps', { value: r }) : t('original')}</option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
        <input type="checkbox" className="size-4" checked={s.keepAudio} onChange={(e) => onChange({ keepAudio: e.target.checked })} data-testid="keep-audio" />
        {t('video.keepAudio')}
      </label>
    </section>
  );
}
