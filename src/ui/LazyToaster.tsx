import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/** Loads the toast viewport with the first toast, so pages that never toast do not pay for it. */
export function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
