import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dismissToast, TOAST_DURATION, useToasts } from './toast-store';

export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label={t('toast.region')}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          data-testid="toast"
          data-variant={item.variant ?? 'default'}
          className={`toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-8 shadow-lg ${
            item.variant === 'destructive'
              ? 'border-red-600 bg-red-600 text-white'
              : 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-50'
          }`}
        >
          <div className="grid gap-1">
            {item.title && <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>}
            {item.description && <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>}
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
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:max-w-[420px]" />
    </Toast.Provider>
  );
}
