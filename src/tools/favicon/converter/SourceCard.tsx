import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/bytes';
import { effectiveMode, squareChoices, type SquareMode } from '../shared/raster';
import { RECOMMENDED_SOURCE } from '../shared/spec';

interface Props {
  file: File;
  source?: { width: number; height: number };
  vector: boolean;
  mode: SquareMode;
  onMode: (mode: SquareMode) => void;
}

/** The source file with its size, the recommendation of at least 512 px, and how it becomes square (keep, crop, fit or pad). */
export function SourceCard({ file, source, vector, mode, onMode }: Props) {
  const { t, i18n } = useTranslation('favicon');
  const small = !!source && !vector && Math.min(source.width, source.height) < RECOMMENDED_SOURCE;
  const nonSquare = !!source && Math.abs(source.width - source.height) > 1e-6 * Math.max(source.width, source.height);
  return (
    <div className="space-y-3" data-testid="source">
      <p className="text-sm">
        <span className="font-medium">{file.name}</span>
        <span className="text-zinc-600 dark:text-zinc-400">
          {' · '}
          {formatBytes(file.size, i18n.language)}
          {source && ` · ${Math.round(source.width)}×${Math.round(source.height)}`}
          {vector && ` · ${t('converter.vector')}`}
        </span>
      </p>
      {small && (
        <p className="flex gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100" data-testid="source-warning" role="status">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('converter.smallWarning', { size: RECOMMENDED_SOURCE })}
        </p>
      )}
      {source && (
        <div className={`space-y-2 rounded-md px-3 py-2 text-sm ${nonSquare ? 'bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100' : 'bg-zinc-50 dark:bg-zinc-900'}`}>
          <p className="flex gap-2" data-testid={nonSquare ? 'non-square-warning' : 'square-note'}>
            {nonSquare && <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />}
            {t(nonSquare ? 'converter.nonSquareWarning' : 'converter.squareNote')}
          </p>
          {/* Always shown: a square source is kept as it is unless the background colour is chosen. */}
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1" data-testid="square-mode">
            <legend className="sr-only">{t('converter.modeLegend')}</legend>
            {squareChoices(!nonSquare).map((m) => (
              <label key={m} className="flex items-center gap-1.5">
                <input type="radio" name="favicon-square-mode" value={m} checked={effectiveMode(mode, !nonSquare) === m} onChange={() => onMode(m)} />
                {t(`converter.modes.${m === 'pad' && !nonSquare ? 'padSquare' : m}`)}
              </label>
            ))}
          </fieldset>
        </div>
      )}
    </div>
  );
}
