import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AudioSettings } from '../../../engines/media/types';
import { BITRATES, FORMATS, LOSSLESS, SAMPLE_RATES } from './settings';

interface Props {
  settings: AudioSettings;
  onChange: (patch: Partial<AudioSettings>) => void;
}

/**
 * Output format, then either a quality level or an explicit bit rate (never both), sample rate, channels. Memoised:
 * progress reports re-render the page several times a second while a job runs.
 */
export const AudioSettingsPanel = memo(function AudioSettingsPanel({ settings: s, onChange }: Props) {
  const { t, i18n } = useTranslation('media');
  const id = useId();
  const lossless = LOSSLESS.includes(s.format);
  const khz = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <section className="panel grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('settings')} data-testid="audio-settings">
      <div className="grid gap-1">
        <label htmlFor={`${id}-format`} className="text-sm font-medium">{t('audio.format')}</label>
        <select id={`${id}-format`} className="field" value={s.format} onChange={(e) => onChange({ format: e.target.value as AudioSettings['format'] })} data-testid="format">
          {FORMATS.map((f) => (
            <option key={f} value={f}>{t(`audio.formats.${f}`)}</option>
          ))}
        </select>
      </div>
      {s.format === 'ogg' && (
        <div className="grid gap-1">
          <label htmlFor={`${id}-ogg`} className="text-sm font-medium">{t('audio.oggCodec')}</label>
          <select id={`${id}-ogg`} className="field" value={s.oggCodec} onChange={(e) => onChange({ oggCodec: e.target.value as AudioSettings['oggCodec'] })} data-testid="ogg-codec">
            <option value="opus">{t('audio.oggCodecs.opus')}</option>
            <option value="vorbis">{t('audio.oggCodecs.vorbis')}</option>
          </select>
        </div>
      )}
      {!lossless && (
        <>
          <div className="grid gap-1">
            <label htmlFor={`${id}-bitrate`} className="text-sm font-medium">{t('audio.bitrate')}</label>
            <select id={`${id}-bitrate`} className="field" value={s.bitrate} onChange={(e) => onChange({ bitrate: Number(e.target.value) })} data-testid="bitrate">
              {BITRATES.map((b) => (
                <option key={b} value={b}>{b ? `${b} kbps` : t('audio.bitrateFromQuality')}</option>
              ))}
            </select>
          </div>
          {s.bitrate === 0 && (
            <div className="grid gap-1">
              <label htmlFor={`${id}-quality`} className="text-sm font-medium">{t('quality.label')}</label>
              <select id={`${id}-quality`} className="field" value={s.quality} onChange={(e) => onChange({ quality: e.target.value as AudioSettings['quality'] })} data-testid="quality">
                <option value="high">{t('quality.high')}</option>
                <option value="medium">{t('quality.medium')}</option>
                <option value="low">{t('quality.low')}</option>
              </select>
            </div>
          )}
        </>
      )}
      {!(s.format === 'ogg' && s.oggCodec === 'opus') && (
        <div className="grid gap-1">
          <label htmlFor={`${id}-rate`} className="text-sm font-medium">{t('audio.sampleRate')}</label>
          <select id={`${id}-rate`} className="field" value={s.sampleRate} onChange={(e) => onChange({ sampleRate: Number(e.target.value) })} data-testid="sample-rate">
            {SAMPLE_RATES.map((r) => (
              <option key={r} value={r}>{r ? `${khz.format(r / 1000)} kHz` : t('original')}</option>
            ))}
          </select>
        </div>
      )}
      <div className="grid gap-1">
        <label htmlFor={`${id}-channels`} className="text-sm font-medium">{t('audio.channels')}</label>
        <select id={`${id}-channels`} className="field" value={s.channels} onChange={(e) => onChange({ channels: Number(e.target.value) })} data-testid="channels">
          <option value={0}>{t('original')}</option>
          <option value={1}>{t('audio.mono')}</option>
          <option value={2}>{t('audio.stereo')}</option>
        </select>
      </div>
      {lossless && <p className="self-end pb-2 text-sm text-zinc-600 dark:text-zinc-400">{t('audio.losslessNote')}</p>}
      {s.format === 'ogg' && s.oggCodec === 'vorbis' && <p className="self-end pb-2 text-sm text-zinc-600 dark:text-zinc-400">{t('audio.vorbisNote')}</p>}
    </section>
  );
});
