import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutputFormat } from '../../../engines/codecs/formats';
import { Select, Slider } from '../../../ui/controls';

export interface OutputSettingsValue {
  format: OutputFormat | 'keep';
  quality: number;
  background: string;
  keepMetadata: boolean;
  lossyPng: boolean;
}

interface Props {
  value: OutputSettingsValue;
  onChange: (patch: Partial<OutputSettingsValue>) => void;
  formats: (OutputFormat | 'keep')[];
  /** Hide the quality slider (e.g. when a target size drives it). */
  hideQuality?: boolean;
  /** 'keep' saves a JPEG or WebP at the quality read from it: the slider is then for the files whose own cannot be read. */
  ownQuality?: boolean;
}

/** Format, quality, background for JPEG, metadata and the PNG palette option: shared by the image tools. */
export function OutputSettings({ value, onChange, formats, hideQuality, ownQuality }: Props) {
  const { t } = useTranslation('image-codecs');
  const id = useId();
  const lossy = value.format === 'keep' || value.format === 'jpeg' || value.format === 'webp' || value.format === 'avif' || value.format === 'jxl';
  const pngLike = value.format === 'keep' || value.format === 'png';
  const jpegLike = value.format === 'keep' || value.format === 'jpeg';

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select label={t('settings.format')} value={value.format} options={formats.map((f) => ({ value: f, label: t(`formats.${f}`) }))} onChange={(format) => onChange({ format })} testId="output-format" />
      {value.format === 'jxl' && (
        <p className="text-sm text-amber-800 sm:col-span-2 dark:text-amber-300" data-testid="jxl-note">
          {t('notes.jxl')}
        </p>
      )}
      {lossy && !hideQuality && <Slider label={t(ownQuality && value.format === 'keep' ? 'settings.ownQuality' : 'settings.quality')} value={value.quality} min={1} max={100} onChange={(quality) => onChange({ quality })} testId="quality" />}
      {jpegLike && (
        <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-bg`}>
          <input id={`${id}-bg`} type="color" value={value.background} onChange={(e) => onChange({ background: e.target.value })} className="h-8 w-10 rounded border border-zinc-300 dark:border-zinc-700" />
          {t('settings.background')}
        </label>
      )}
      {pngLike && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={value.lossyPng} onChange={(e) => onChange({ lossyPng: e.target.checked })} data-testid="lossy-png" />
          {t('settings.lossyPng')}
        </label>
      )}
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={value.keepMetadata} onChange={(e) => onChange({ keepMetadata: e.target.checked })} data-testid="keep-metadata" />
        <span>
          {t('settings.keepMetadata')} <span className="text-zinc-600 dark:text-zinc-400">— {t('settings.keepMetadataHint')}</span>
        </span>
      </label>
    </div>
  );
}
