import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planCrop, type VideoCropSettings } from '../../../engines/media/crop-plan';
import { BoxEditor } from '../../../kit/BoxEditor';
import { aspectOf } from '../../../lib/box';
import { FlipChecks, NumberField, RadioGroup } from '../../../ui/controls';
import { ASPECTS, boxFor, boxForAspect, rotationInHeader, TURNS } from './settings';

type Size = { width: number; height: number };

/** The first picture of the first video, as the viewer sees it (decoded in the media worker); null where it cannot be shown. */
function usePoster(file: File | undefined) {
  const [poster, setPoster] = useState<{ file: File; blob: Blob | null }>();
  useEffect(() => {
    if (!file) return;
    let live = true;
    void import('../../../engines/media/client')
      .then((m) => m.videoPoster(file))
      .then((blob) => live && setPoster({ file, blob }));
    return () => {
      live = false;
    };
  }, [file]);
  return poster?.file === file ? poster : undefined;
}

/** The crop box on the first video, its aspect, the turn and flips, the scale, and what the result will be. */
export function CropControls({ value, onChange, file }: { value: VideoCropSettings; onChange: (p: Partial<VideoCropSettings>) => void; file?: File }) {
  const { t } = useTranslation('video-crop');
  const poster = usePoster(file);
  const [size, setSize] = useState<{ blob: Blob; size: Size }>();
  const shown = size && poster?.blob === size.blob ? size.size : undefined;
  const plan = shown && file ? planCrop(value, shown.width, shown.height, rotationInHeader(file.name)) : undefined;

  return (
    <div className="space-y-4">
      <RadioGroup
        legend={t('aspect')}
        look="segmented"
        value={value.aspect as (typeof ASPECTS)[number]}
        onChange={(aspect) => onChange({ aspect, ...boxForAspect(value, aspect, shown) })}
        choices={ASPECTS.map((a) => ({ value: a, label: a === 'free' ? t('free') : a, testId: `aspect-${a}` }))}
      />
      <BoxEditor
        image={poster?.blob ?? undefined}
        box={{ x: value.x, y: value.y, width: value.width, height: value.height }}
        aspect={aspectOf(value.aspect)}
        onChange={(b) => onChange(b)}
        onImageSize={(s) => {
          if (poster?.blob) setSize({ blob: poster.blob, size: s });
          const box = boxFor(value, s.width, s.height);
          if (box) onChange(box);
        }}
        labels={{ x: t('x'), y: t('y'), width: t('width'), height: t('height'), preview: t('preview') }}
      />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <button type="button" className="btn btn-outline" disabled={!shown} onClick={() => shown && onChange({ aspect: 'free', x: 0, y: 0, ...shown })} data-testid="crop-reset">
          {t('wholePicture')}
        </button>
        <span className="text-zinc-600 dark:text-zinc-400">{poster && !poster.blob ? t('noPoster') : t('boxHint')}</span>
      </div>
      <RadioGroup legend={t('rotate')} look="segmented" value={value.rotate} onChange={(rotate) => onChange({ rotate })} choices={TURNS.map((r) => ({ value: r, label: `${r}°`, testId: `rotate-${r}` }))} />
      <FlipChecks flipH={value.flipH} flipV={value.flipV} onChange={onChange} labels={{ h: t('flipH'), v: t('flipV') }} />
      <RadioGroup
        legend={t('scale')}
        value={value.scale}
        onChange={(scale) => onChange({ scale })}
        choices={[
          { value: 'none', label: t('scaleNone'), testId: 'scale-none' },
          { value: 'max', label: t('scaleMax'), testId: 'scale-max' },
          { value: 'percent', label: t('scalePercent'), testId: 'scale-percent' },
        ]}
      />
      {value.scale === 'max' && (
        <div className="flex flex-wrap items-end gap-3 text-sm">
          <NumberField label={t('maxWidth')} value={value.maxWidth} min={0} max={16384} unit="px" emptyAs0={t('noLimit')} onChange={(maxWidth) => onChange({ maxWidth })} testId="max-width" />
          <NumberField label={t('maxHeight')} value={value.maxHeight} min={0} max={16384} unit="px" emptyAs0={t('noLimit')} onChange={(maxHeight) => onChange({ maxHeight })} testId="max-height" />
        </div>
      )}
      {value.scale === 'percent' && <NumberField label={t('percent')} value={value.percent} min={1} max={100} unit="%" onChange={(percent) => onChange({ percent })} testId="scale-percent-value" />}
      {shown && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="crop-summary" data-path={plan?.path ?? 'none'}>
          {plan ? t(plan.path === 'metadata' ? 'summary.metadata' : 'summary.encode', { width: plan.width, height: plan.height }) : t('summary.nothing')}
        </p>
      )}
    </div>
  );
}
