import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoxEditor, type Box } from '../../../kit/BoxEditor';
import { RadioGroup } from '../../../ui/controls';
import { ASPECTS, aspectRatio, jpegMcu, snapBox, type CropSettings } from './crop';

/** The box on the first picture, aspect presets, batch mode, and what a lossless JPEG crop will really cut. */
export function CropPanel({ value, onChange, image }: { value: CropSettings; onChange: (p: Partial<CropSettings>) => void; image?: File }) {
  const { t } = useTranslation('image-crop');
  const [mcu, setMcu] = useState<{ file: File; size: ReturnType<typeof jpegMcu> }>();
  useEffect(() => {
    if (!image) return;
    let live = true;
    void image
      .slice(0, 256 * 1024)
      .arrayBuffer()
      .then((b) => live && setMcu({ file: image, size: jpegMcu(new Uint8Array(b)) }));
    return () => {
      live = false;
    };
  }, [image]);
  const box: Box = { x: value.x, y: value.y, width: value.width, height: value.height };
  // A JPEG is cut losslessly kept as JPEG.
  const kept = value.format === 'keep' || value.format === 'jpeg';
  const grid = mcu?.file === image && kept && value.batch === 'same' ? mcu?.size : null;
  const snapped = grid ? snapBox(box, grid) : undefined;
  const moved = snapped && (snapped.x !== box.x || snapped.y !== box.y);
  const ratio = aspectRatio(value.aspect);

  return (
    <div className="space-y-3">
      <RadioGroup
        legend={t('aspect')}
        look="segmented"
        value={value.aspect}
        onChange={(aspect) => {
          const r = aspectRatio(aspect);
          onChange(r ? { aspect, height: Math.max(1, Math.round(value.width / r)) } : { aspect });
        }}
        choices={ASPECTS.map((a) => ({ value: a, label: a === 'free' ? t('free') : a, testId: `aspect-${a}` }))}
      />
      <RadioGroup
        legend={t('batch')}
        value={value.batch}
        onChange={(batch) => onChange({ batch })}
        choices={[
          { value: 'same', label: t('same'), testId: 'batch-same' },
          { value: 'centred', label: t('centred'), testId: 'batch-centred' },
        ]}
      />
      <BoxEditor
        image={image}
        box={box}
        aspect={ratio}
        onChange={(b) => onChange(b)}
        snapped={moved ? snapped : undefined}
        labels={{ x: t('x'), y: t('y'), width: t('width'), height: t('height'), preview: t('preview') }}
      />
      {grid && (
        <p className={`text-sm ${moved ? 'text-amber-800 dark:text-amber-300' : 'text-zinc-600 dark:text-zinc-400'}`} data-testid="snap-note" data-snapped={moved ? 'true' : 'false'}>
          {moved ? t('snapped', { ...snapped, grid: grid.width }) : t('onGrid', { grid: grid.width })}
        </p>
      )}
    </div>
  );
}
