import { useTranslation } from 'react-i18next';
import type { OrderedItem } from '../../../kit/OrderedFileList';
import { OrderedFilesInput } from '../../../kit/OrderedFilesInput';
import { ResultList } from '../../../kit/ResultList';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import type { ImageLayout } from '../../../engines/pdf/client';
import { NumberField, RadioGroup, Select } from '../../../ui/controls';
import { PDF_IMAGES_ACCEPT } from '../../accepts';
import { useOrderedJob } from '../shared/useOrderedJob';
import { imagesJob, LAYOUT_DEFAULTS, LAYOUT_SCHEMA } from './images';

export default function ImagesToPdfPage() {
  const { t } = useTranslation('pdf');
  const [layout, update] = useStoredSettings('images-to-pdf', LAYOUT_DEFAULTS, LAYOUT_SCHEMA);
  const { jobs, ...ordered } = useOrderedJob<OrderedItem, ImageLayout>('images.pdf', layout, imagesJob);

  return (
    <div className="space-y-6">
      <section className="panel flex flex-wrap items-end gap-6" aria-label={t('settings')}>
        <Select
          label={t('images.size')}
          value={layout.size}
          onChange={(size) => update({ size })}
          options={[
            { value: 'a4', label: 'A4' },
            { value: 'letter', label: 'Letter' },
            { value: 'fit', label: t('images.fit') },
          ]}
          testId="page-size"
        />
        {layout.size !== 'fit' && (
          <RadioGroup
            legend={t('images.orientation')}
            value={layout.orientation}
            onChange={(orientation) => update({ orientation })}
            choices={[
              { value: 'auto', label: t('images.auto'), testId: 'orientation-auto' },
              { value: 'portrait', label: t('images.portrait'), testId: 'orientation-portrait' },
              { value: 'landscape', label: t('images.landscape'), testId: 'orientation-landscape' },
            ]}
          />
        )}
        <NumberField layout="stacked" widthClass="w-24" label={t('images.margin')} unit="mm" min={0} max={100} value={layout.margin} onChange={(margin) => update({ margin })} testId="margin" />
        <p className="basis-full text-xs text-zinc-600 dark:text-zinc-400">{t('images.hint')}</p>
      </section>
      <OrderedFilesInput accept={PDF_IMAGES_ACCEPT} typesLabel="JPEG, PNG, GIF, BMP, TIFF" label={t('images.order')} startLabel={(count) => t('images.start', { count })} ordered={ordered} />
      <ResultList jobs={jobs} zipName="localkit-images-pdf.zip" />
    </div>
  );
}
