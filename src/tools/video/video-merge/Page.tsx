import { useTranslation } from 'react-i18next';
import { MediaPreview } from '../../../kit/media/MediaPreview';
import type { OrderedItem } from '../../../kit/OrderedFileList';
import { OrderedFilesInput } from '../../../kit/OrderedFilesInput';
import { ResultList } from '../../../kit/ResultList';
import { useOrderedJob } from '../../../kit/useOrderedJob';
import { VIDEO_ACCEPT } from '../../accepts';

const client = () => import('../../../engines/media/client');
const NO_SETTINGS = {};

export default function VideoMergePage() {
  const { t } = useTranslation('video-merge');
  const { jobs, ...ordered } = useOrderedJob<OrderedItem, object>({
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
      <OrderedFilesInput accept={VIDEO_ACCEPT} typesLabel="MP4, MOV, WebM, MKV" label={t('order')} startLabel={(count) => t('start', { count })} ordered={ordered} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('note')}</p>
      <ResultList jobs={jobs} zipName="localkit-merged-video.zip" />
      <MediaPreview row={done} kind="video" />
    </div>
  );
}
