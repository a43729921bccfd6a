import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { CONFIG } from '../config';
import { isBusy, onActivityChange } from '../kit/activity';
import { toast } from '../ui/toast-store';

/**
 * Registers /sw.js. A new version is applied (and the page reloaded) at once when nothing is running;
 * while a job runs it waits, offers the reload in a toast, and applies it when the last job ends.
 */
export function PwaUpdater() {
  const { t } = useTranslation();
  const offered = useRef(false);
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, CONFIG.updateCheckIntervalMs);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    toast({ title: t('pwa.offlineReady'), description: t('pwa.offlineReadyHint') });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, t]);

  useEffect(() => {
    if (!needRefresh) return;
    const apply = () => void updateServiceWorker(true);
    if (!isBusy()) return apply();
    if (!offered.current) {
      offered.current = true;
      toast({ title: t('pwa.updateReady'), description: t('pwa.updateWaiting'), action: { label: t('pwa.reload'), onClick: apply }, duration: Infinity });
    }
    return onActivityChange(() => {
      if (!isBusy()) apply();
    });
  }, [needRefresh, updateServiceWorker, t]);

  return null;
}
