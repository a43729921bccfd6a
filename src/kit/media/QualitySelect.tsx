import { useTranslation } from 'react-i18next';
import type { QualityLevel } from '../../engines/media/types';
import { Select } from '../../ui/controls';

const LEVELS: readonly QualityLevel[] = ['high', 'medium', 'low'];

/** The media tools' quality level (it sets the bit rate when none is asked for). */
export function QualitySelect({ value, onChange }: { value: QualityLevel; onChange: (quality: QualityLevel) => void }) {
  const { t } = useTranslation('media');
  return <Select label={t('quality.label')} value={value} options={LEVELS.map((q) => ({ value: q, label: t(`quality.${q}`) }))} onChange={onChange} testId="quality" />;
}
