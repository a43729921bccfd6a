import { FileUp } from 'lucide-react';
import { useDeferredValue, useId, useMemo, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/bytes';

interface Props {
  side: 'a' | 'b';
  value: string;
  onChange: (text: string) => void;
  onFile: (file: File) => void;
  file: { name: string; size: number } | null;
  /** Already translated. */
  error: string | null;
  loading: boolean;
}

/**
 * Past this many characters a text is compared but not put in the text box: the browser lays a text box out line
 * by line on the main thread (6,000 lines: 250-400 ms of CPU; 110,000 lines froze the page for seconds).
 */
export const MAX_EDITABLE = 500_000;

function countLines(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}

/** One side of the comparison: a text box, a file picker (or drop a file on the box), its error. */
export function SideInput({ side, value, onChange, onFile, file, error, loading }: Props) {
  const { t, i18n } = useTranslation('text-diff');
  const id = useId();
  const deferred = useDeferredValue(value);
  const stats = useMemo(() => ({ lines: countLines(deferred), chars: deferred.length }), [deferred]);
  const fmt = new Intl.NumberFormat(i18n.language);
  const errorId = `${id}-error`;

  const onDrop = (e: DragEvent<HTMLElement>) => {
    const dropped = e.dataTransfer.files[0];
    if (!dropped) return;
    e.preventDefault();
    onFile(dropped);
  };

  return (
    <div className="min-w-0 space-y-1.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {t(side === 'a' ? 'inputA' : 'inputB')}
        </label>
        <label className="btn btn-outline cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 dark:has-focus-visible:outline-blue-400">
          <FileUp className="size-4" aria-hidden />
          {t('openFile')}
          <input
            type="file"
            className="sr-only"
            data-testid={`file-input-${side}`}
            aria-describedby={error ? errorId : undefined}
            disabled={loading}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (chosen) onFile(chosen);
            }}
          />
        </label>
      </div>
      {value.length > MAX_EDITABLE ? (
        <div
          id={id}
          className="field flex h-56 w-full flex-col items-center justify-center gap-2 text-center text-sm sm:h-72"
          data-testid={`large-text-${side}`}
          onDragOver={(e) => {
            if (e.dataTransfer.types.includes('Files')) e.preventDefault();
          }}
          onDrop={onDrop}
        >
          <p className="font-medium">{file ? file.name : t(side === 'a' ? 'inputA' : 'inputB')}</p>
          <p className="text-zinc-600 dark:text-zinc-400">{t('tooLargeToEdit')}</p>
        </div>
      ) : (
        <textarea
          id={id}
          data-testid={side === 'a' ? 'text-input' : 'text-input-b'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onDragOver={(e) => {
            if (e.dataTransfer.types.includes('Files')) e.preventDefault();
          }}
          onDrop={onDrop}
          placeholder={t(side === 'a' ? 'placeholderA' : 'placeholderB')}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="field block h-56 w-full resize-y font-mono text-sm leading-5 [tab-size:4] sm:h-72"
        />
      )}
      <p className="flex flex-wrap gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
        <span>{t('inputStats', { lines: fmt.format(stats.lines), chars: fmt.format(stats.chars) })}</span>
        {file && (
          <span className="min-w-0 truncate" data-testid={`file-name-${side}`}>
            {t('fromFile', { name: file.name, size: formatBytes(file.size, i18n.language) })}
          </span>
        )}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid={`file-error-${side}`}>
          {error}
        </p>
      )}
    </div>
  );
}
