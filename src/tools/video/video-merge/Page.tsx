import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { MediaPreview } from '../../../kit/media/MediaPreview';
import { OrderedFileList, type OrderedItem } from '../../../kit/OrderedFileList';
import { ResultList } from '../../../kit/ResultList';
import { useOrderedJob } from '../../../kit/useOrderedJob';
import { VIDEO_ACCEPT } from '../../accepts';

const client = () => import('../../../engines/media/client');
const NO_SETTINGS = {};

export default function VideoMergePage() {
  const { t } = useTranslation('video-merge');
  const { items, setItems, add, start, jobs } = useOrderedJob<OrderedItem, object>({
    outputName: 'merged',
    mime: 'video/*',
    settings: NO_SETTINGS,
    run: async (list, _s, ctx) => (await client()).runVideoMerge(list.map((i) => i.file), ctx),
    fallbackErrorKey: 'media:errors.conversionFailed',
    onDispose: () => void client().then((m) => m.disposeMedia()),
  });
  const done = jobs.rows.filter((r) => r.status === 'done').at(-1);

  return (
    <div className="space-y-6" data-testid="video-merge">
      <FileDrop accept={VIDEO_ACCEPT} onFiles={(files) => add(files, (file, id) => ({ id, file }))} typesLabel="MP4, MOV, WebM, MKV" />
      <OrderedFileList label={t('order')} items={items} onChange={setItems} />
      {items.length > 0 && (
        <button type="button" className="btn btn-primary" onClick={start} data-testid="start">
          {t('start', { count: items.length })}
        </button>
      )}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('note')}</p>
      <ResultList jobs={jobs} zipName="localkit-merged-video.zip" />
      <MediaPreview row={done} kind="video" />
    </div>
  );
}
