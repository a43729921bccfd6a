import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isBusy, useWouldLoseWork, wouldLoseWork } from '../kit/activity';
import { setLeaveAsker } from './leaveRequests';

const LeaveDialog = lazy(() => import('./LeaveDialog'));

let unloadAllowed = false;

/** The user asked for a reload (e.g. a new version's "Reload now"): the browser's own warning stays quiet. */
export function allowUnload(): void {
  unloadAllowed = true;
}

/** The in-app path a click on this link would open, or null when the browser should handle it (new tab, download, other origin). */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Warns before leaving while a job runs or the page holds results not downloaded yet: the browser's own
 * prompt on reload or close (beforeunload), a translated dialog on an in-app navigation (a click on a link,
 * caught before the router sees it, or a navigation asked for through leaveRequests). A plain <BrowserRouter>
 * keeps the home page's JavaScript small (a data router and useBlocker cost about 16 KB gzip).
 */
export function LeaveGuard() {
  const atRisk = useWouldLoseWork();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    const asks = (to: string) => new URL(to, location.href).pathname !== pathname && wouldLoseWork();
    setLeaveAsker((to) => {
      if (!asks(to)) return false;
      setPending(to);
      return true;
    });
    const onClick = (event: MouseEvent) => {
      const to = inAppTarget(event);
      if (to === null || !asks(to)) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    document.addEventListener('click', onClick, true);
    return () => {
      setLeaveAsker(null);
      document.removeEventListener('click', onClick, true);
    };
  }, [pathname]);

  useEffect(() => {
    if (!atRisk) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unloadAllowed || !wouldLoseWork()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [atRisk]);

  if (pending === null) return null;
  const leave = () => {
    setPending(null);
    setLeaveAsker(null);
    navigate(pending);
  };
  return (
    <Suspense fallback={null}>
      <LeaveDialog busy={isBusy()} onStay={() => setPending(null)} onLeave={leave} />
    </Suspense>
  );
}
