import { Cpu, Zap } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasWebGpu } from '../../../engines/segmentation/client';

/** What the model runs on here, and what its first use costs. */
export function EngineInfo() {
  const { t } = useTranslation('image-removebg');
  const [gpu, setGpu] = useState<boolean>();
  useEffect(() => {
    let live = true;
    void hasWebGpu().then((yes) => live && setGpu(yes));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="space-y-1 text-sm text-zinc-600 dark:text-zinc-400">
      <p className="flex items-center gap-2" data-testid="gpu-status" data-gpu={gpu === undefined ? 'checking' : String(gpu)}>
        {gpu ? <Zap className="size-4 text-green-700 dark:text-green-400" aria-hidden /> : <Cpu className="size-4" aria-hidden />}
        {gpu === undefined ? t('engine.checking') : gpu ? t('engine.gpu') : t('engine.cpu')}
      </p>
      <p>{t('engine.model')}</p>
    </div>
  );
}
