import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, TOAST_DURATION, useToasts } from './toast-store';
import { useToastPlacement } from './useToastPlacement';

export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  const viewport = useRef<HTMLOListElement>(null);
  // Toasts show in one place on every page, in the header band (see toast-placement.ts).
  const spot = useToastPlacement(viewport, toasts.some((item) => item.open));
  // The store keeps the newest first; in the DOM each toast stays where it was mounted, so mark the newest open one.
  const newestId = toasts.find((item) => item.open)?.id;
  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label={t('toast.item')}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          data-newest={item.id === newestId || undefined}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          data-testid="toast"
          data-variant={item.variant ?? 'default'}
          className={`toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border px-3 py-1.5 pr-8 shadow-lg ${
            item.variant === 'destructive'
              ? 'border-red-600 bg-red-600 text-white'
              : 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-50'
          }`}
        >
          <div className="grid min-w-0">
            {item.title && <Toast.Title className="toast-text text-sm font-semibold">{item.title}</Toast.Title>}
            {item.description && <Toast.Description className="toast-text text-sm opacity-90">{item.description}</Toast.Description>}
          </div>
          {item.action && (
            <Toast.Action altText={item.action.label} asChild>
              <button type="button" className="btn btn-outline shrink-0 text-xs" onClick={item.action.onClick}>
                {item.action.label}
              </button>
            </Toast.Action>
          )}
          <Toast.Close aria-label={t('actions.close')} className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        label={t('toast.region')}
        data-testid="toast-viewport"
        data-spot="header"
        style={spot ? { left: spot.left, top: spot.top, width: spot.width } : { right: 8, top: 8, width: 'min(420px, calc(100vw - 16px))' }}
        className="fixed z-[100] flex max-h-screen flex-col-reverse gap-2 outline-none"
      />
    </Toast.Provider>
  );
}
