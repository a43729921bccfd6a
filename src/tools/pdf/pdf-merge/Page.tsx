import { useTranslation } from 'react-i18next';
import { warmPdfEngine } from '../../../engines/pdf/client';
import { FileDrop } from '../../../kit/FileDrop';
import { OrderedFileList } from '../../../kit/OrderedFileList';
import { ResultList } from '../../../kit/ResultList';
import { PDF_ACCEPT } from '../../accepts';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { useOrderedJob } from '../shared/useOrderedJob';
import { MERGE_DEFAULTS, MERGE_SCHEMA, mergeJob, type MergeItem, type MergeSettings } from './merge';

export default function PdfMergePage() {
  const { t } = useTranslation('pdf');
  const [settings, update] = useStoredSettings('pdf-merge', MERGE_DEFAULTS, MERGE_SCHEMA);
  const { items, setItems, add, start, jobs } = useOrderedJob<MergeItem, MergeSettings>('merged.pdf', settings, mergeJob);
  const setPages = (id: string, pages: string) => setItems((list) => list.map((i) => (i.id === id ? { ...i, pages } : i)));

  return (
    <div className="space-y-6">
      <FileDrop
        accept={PDF_ACCEPT}
        onFiles={(files) => {
          // MuPDF starts loading with the first files, while the user adds the others and puts them in order.
          warmPdfEngine();
          add(files, (file, id) => ({ id, file, pages: '' }));
        }}
        typesLabel="PDF"
      />
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
            {t('merge.start', { n: items.length, count: items.length })}
          </button>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={settings.nestOutlines} onChange={(e) => update({ nestOutlines: e.target.checked })} data-testid="nest-outlines" />
            {t('merge.nestOutlines')}
          </label>
          <p id="pages-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
            {t('pages.hint')}
          </p>
        </div>
      )}
      <ResultList jobs={jobs} zipName="localkit-merged.zip" />
    </div>
  );
}
