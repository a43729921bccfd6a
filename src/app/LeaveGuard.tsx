import { lazy, Suspense, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { isBusy, useWouldLoseWork, wouldLoseWork } from '../kit/activity';

const LeaveDialog = lazy(() => import('./LeaveDialog'));

let unloadAllowed = false;

/** The user asked for a reload (e.g. a new version's "Reload now"): the browser's own warning stays quiet. */
export function allowUnload(): void {
  unloadAllowed = true;
}

/**
 * Warns before leaving while a job runs or the page holds results not downloaded yet: the browser's own
 * prompt on reload or close (beforeunload), a translated dialog on an in-app navigation (useBlocker).
 */
export function LeaveGuard() {
  const atRisk = useWouldLoseWork();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && wouldLoseWork());

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

  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <LeaveDialog busy={isBusy()} onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
    </Suspense>
  );
}
