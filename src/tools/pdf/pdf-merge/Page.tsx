import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { OrderedFileList } from '../../../kit/OrderedFileList';
import { ResultList } from '../../../kit/ResultList';
import { PDF_ACCEPT } from '../../accepts';
import { useOrderedJob } from '../shared/useOrderedJob';
import { mergeJob, type MergeItem } from './merge';

const NO_SETTINGS = {};

export default function PdfMergePage() {
  const { t } = useTranslation('pdf');
  const { items, setItems, add, start, jobs } = useOrderedJob<MergeItem, object>('merged.pdf', NO_SETTINGS, mergeJob);
  const setPages = (id: string, pages: string) => setItems((list) => list.map((i) => (i.id === id ? { ...i, pages } : i)));

  return (
    <div className="space-y-6">
      <FileDrop accept={PDF_ACCEPT} onFiles={(files) => add(files, (file, id) => ({ id, file, pages: '' }))} typesLabel="PDF" />
      <OrderedFileList
        label={t('merge.order')}
        items={items}
        onChange={setItems}
        extra={(item) => (
          <label className="flex items-center gap-2 text-sm">
            {t('pages.label')}
            <input className="field w-32" value={item.pages} placeholder={t('pages.all')} onChange={(e) => setPages(item.id, e.target.value)} data-testid="pages" aria-describedby="pages-hint" />
          </label>
        )}
      />
      {items.length > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn btn-primary" onClick={start} disabled={items.length < 1} data-testid="start">
            {t('merge.start', { count: items.length })}
          </button>
          <p id="pages-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
            {t('pages.hint')}
          </p>
        </div>
      )}
      <ResultList jobs={jobs} zipName="localkit-merged.zip" />
    </div>
  );
}
