import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Compare } from '../../../kit/Compare';

/** The original and the cut-out, with a divider between the two. */
export function BeforeAfter({ before, after, name, width, height }: { before: Blob; after: Blob; name: string; width: number; height: number }) {
  const { t } = useTranslation('image-removebg');
  const id = useId();
  return (
    <section className="panel space-y-3" aria-labelledby={`${id}-title`} data-testid="before-after">
      <h2 id={`${id}-title`} className="truncate text-lg font-semibold" title={name}>
        {t('compare.title', { name })}
      </h2>
      <Compare before={before} after={after} width={width} height={height} labels={{ before: t('compare.before'), after: t('compare.after'), divider: t('compare.slider') }} />
    </section>
  );
}
