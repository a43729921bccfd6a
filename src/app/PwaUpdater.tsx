import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIG } from '../config';
import { isBusy, onActivityChange } from '../kit/activity';
import { toast } from '../ui/toast-store';
import { registerServiceWorker } from './serviceWorker';

/**
 * A new version is applied (the page reloads) at once when nothing is running; while a job runs it waits,
 * offers the reload in a toast, and applies it when the last job ends. The first install says it is ready offline.
 */
export function PwaUpdater() {
  const { t } = useTranslation();
  useEffect(() => {
    let stopWaiting: (() => void) | undefined;
    registerServiceWorker({
      updateIntervalMs: CONFIG.updateCheckIntervalMs,
      onOfflineReady: () => toast({ title: t('pwa.offlineReady'), description: t('pwa.offlineReadyHint') }),
      onNeedRefresh: (apply) => {
        if (!isBusy()) return apply();
        toast({ title: t('pwa.updateReady'), description: t('pwa.updateWaiting'), action: { label: t('pwa.reload'), onClick: apply }, duration: Infinity });
        stopWaiting = onActivityChange(() => {
          if (!isBusy()) apply();
        });
      },
    });
    return () => stopWaiting?.();
    // Registers once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
