import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isBusy, useWouldLoseWork, wouldLoseWork } from '../kit/activity';
import { setLeaveAsker, type LeaveChoice } from '../kit/leaveRequests';

const LeaveDialog = lazy(() => import('./LeaveDialog'));

let unloadAllowed = false;

// The browser's Back and Forward buttons. This listener is added when the module loads, before the router's
// own, so it can hold a move back: it stops the event from reaching the router, puts the previous entry back
// and asks. React Router numbers its history entries (state.idx), which gives the distance to go back.
type HistoryState = { idx?: number } | null;
const entryIndex = (state: unknown) => (state as HistoryState)?.idx;
let shownIndex = entryIndex(window.history.state);
let shownPath = location.pathname;
let restoring = false;
let passThrough = false;
let askForMove: ((delta: number) => void) | null = null;

window.addEventListener('popstate', (event) => {
  if (restoring) {
    // Our own step back to the page the user is still on: the router never saw the move, nor sees this.
    restoring = false;
    event.stopImmediatePropagation();
    return;
  }
  const target = entryIndex(event.state);
  if (passThrough || !askForMove || location.pathname === shownPath || target === undefined || shownIndex === undefined || !wouldLoseWork()) {
    passThrough = false;
    return;
  }
  event.stopImmediatePropagation();
  const delta = target - shownIndex;
  restoring = true;
  window.history.go(-delta);
  askForMove(delta);
});

/** Called on every shown location: where Back and Forward are measured from. */
function noteShownEntry(pathname: string): void {
  shownIndex = entryIndex(window.history.state);
  shownPath = pathname;
}

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
 * caught before the router sees it, a navigation asked for through leaveRequests, or Back/Forward). A plain <BrowserRouter>
 * keeps the home page's JavaScript small (a data router and useBlocker cost about 16 KB gzip).
 */
export function LeaveGuard() {
  const atRisk = useWouldLoseWork();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A path to open, or a number of history steps (Back/Forward) to take once the user agrees.
  const [pending, setPending] = useState<{ to: string | number; choice?: LeaveChoice } | null>(null);

  useEffect(() => {
    noteShownEntry(pathname);
    askForMove = (delta) => setPending({ to: delta });
    return () => {
      askForMove = null;
    };
  }, [pathname]);

  useEffect(() => {
    const asks = (to: string) => new URL(to, location.href).pathname !== pathname && wouldLoseWork();
    setLeaveAsker((to, choice) => {
      if (!asks(to)) return false;
      setPending({ to, choice });
      return true;
    });
    const onClick = (event: MouseEvent) => {
      const to = inAppTarget(event);
      if (to === null || !asks(to)) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ to });
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
  const { to, choice } = pending;
  const leave = () => {
    setPending(null);
    setLeaveAsker(null);
    choice?.onLeave?.();
    if (typeof to === 'number') {
      passThrough = true;
      window.history.go(to);
    } else navigate(to);
  };
  const stay = () => {
    setPending(null);
    choice?.onStay?.();
  };
  return (
    <Suspense fallback={null}>
      <LeaveDialog busy={isBusy()} onStay={stay} onLeave={leave} />
    </Suspense>
  );
}
