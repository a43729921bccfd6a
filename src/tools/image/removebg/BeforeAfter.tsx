import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../kit/useObjectUrl';

// A checkerboard shows transparency.
const CHECKER = {
  backgroundImage: 'conic-gradient(#d4d4d8 25%, #fff 0 50%, #d4d4d8 0 75%, #fff 0)',
  backgroundSize: '20px 20px',
};

/** The original and the result stacked; a slider reveals more of one or the other. */
export function BeforeAfter({ before, after, name }: { before: Blob; after: Blob; name: string }) {
  const { t } = useTranslation('image-removebg');
  const id = useId();
  const [split, setSplit] = useState(50);
  const beforeUrl = useObjectUrl(before);
  const afterUrl = useObjectUrl(after);

  return (
    <section className="panel space-y-3" aria-labelledby={`${id}-title`} data-testid="before-after">
      <h2 id={`${id}-title`} className="truncate text-lg font-semibold" title={name}>
        {t('compare.title', { name })}
      </h2>
      <div className="relative mx-auto w-fit max-w-full overflow-hidden rounded-md" style={CHECKER}>
        <img src={afterUrl} alt={t('compare.after')} className="block max-h-[60vh] max-w-full" data-testid="after-image" />
        <img
          src={beforeUrl}
          alt={t('compare.before')}
          className="absolute inset-0 block h-full w-full"
          style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
        />
        <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-blue-600" style={{ left: `${split}%` }} aria-hidden />
      </div>
      <label className="flex items-center gap-3 text-sm">
        <span>{t('compare.before')}</span>
        <input type="range" min={0} max={100} value={split} onChange={(e) => setSplit(Number(e.target.value))} className="flex-1" aria-label={t('compare.slider')} data-testid="compare-slider" />
        <span>{t('compare.after')}</span>
      </label>
    </section>
  );
}
