import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { QualitySelect } from '../../../kit/media/QualitySelect';
import type { AudioSettings } from '../../../engines/media/types';
import { Select } from '../../../ui/controls';
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
  const lossless = LOSSLESS.includes(s.format);
  const khz = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <section className="panel grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('settings')} data-testid="audio-settings">
      <Select label={t('audio.format')} value={s.format} options={FORMATS.map((f) => ({ value: f, label: t(`audio.formats.${f}`) }))} onChange={(format) => onChange({ format })} testId="format" />
      {s.format === 'ogg' && (
        <Select
          label={t('audio.oggCodec')}
          value={s.oggCodec}
          options={(['opus', 'vorbis'] as const).map((c) => ({ value: c, label: t(`audio.oggCodecs.${c}`) }))}
          onChange={(oggCodec) => onChange({ oggCodec })}
          testId="ogg-codec"
        />
      )}
      {!lossless && (
        <>
          <Select label={t('audio.bitrate')} value={s.bitrate} options={BITRATES.map((b) => ({ value: b, label: b ? `${b} kbps` : t('audio.bitrateFromQuality') }))} onChange={(bitrate) => onChange({ bitrate })} testId="bitrate" />
          {s.bitrate === 0 && (
            <QualitySelect value={s.quality} onChange={(quality) => onChange({ quality })} />
          )}
        </>
      )}
      {!(s.format === 'ogg' && s.oggCodec === 'opus') && (
        <Select label={t('audio.sampleRate')} value={s.sampleRate} options={SAMPLE_RATES.map((r) => ({ value: r, label: r ? `${khz.format(r / 1000)} kHz` : t('original') }))} onChange={(sampleRate) => onChange({ sampleRate })} testId="sample-rate" />
      )}
      <Select
        label={t('audio.channels')}
        value={s.channels}
        options={[
          { value: 0, label: t('original') },
          { value: 1, label: t('audio.mono') },
          { value: 2, label: t('audio.stereo') },
        ]}
        onChange={(channels) => onChange({ channels })}
        testId="channels"
      />
      {lossless && <p className="self-end pb-2 text-sm text-zinc-600 dark:text-zinc-400">{t('audio.losslessNote')}</p>}
      {s.format === 'ogg' && s.oggCodec === 'vorbis' && <p className="self-end pb-2 text-sm text-zinc-600 dark:text-zinc-400">{t('audio.vorbisNote')}</p>}
    </section>
  );
});
