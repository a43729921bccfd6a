import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CONFIG } from '../config';
import { wouldLoseWork } from '../kit/activity';
import { arrivedByHandoff } from '../kit/handoffStore';
import { toast } from '../ui/toast-store';
import { allowUnload } from './LeaveGuard';
import { registerServiceWorker } from './serviceWorker';

/**
 * A new version is applied (the page reloads) at once only when the page holds nothing a reload would
 * lose. Otherwise it never reloads by itself: a toast offers the reload, and the version is applied on
 * the next in-app navigation (the page left behind, its work goes with it anyway) or when the user asks. A
 * navigation that hands files to a tool is not such a one: the tool holds the only copy of them.
 * The first install says it is ready offline.
 */
export function PwaUpdater() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const pending = useRef<(() => void) | null>(null);

  useEffect(() => {
    registerServiceWorker({
      updateIntervalMs: CONFIG.updateCheckIntervalMs,
      onOfflineReady: () => toast({ title: t('pwa.offlineReady'), description: t('pwa.offlineReadyHint') }),
      onNeedRefresh: (apply) => {
        if (!wouldLoseWork()) return apply();
        pending.current = apply;
        const reloadNow = () => {
          allowUnload();
          apply();
        };
        toast({ title: t('pwa.updateReady'), description: t('pwa.updateWaiting'), action: { label: t('pwa.reload'), onClick: reloadNow }, duration: Infinity });
      },
    });
    // Registers once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const apply = pending.current;
    if (arrivedByHandoff(pathname) || !apply) return;
    pending.current = null;
    allowUnload();
    apply();
  }, [pathname]);

  return null;
}
