import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';

interface Props {
  /** A job is running (else: results not downloaded, or input kept nowhere else). */
  busy: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** Asks before an in-app navigation drops a running job or results not downloaded yet. Loaded only when needed. */
export default function LeaveDialog({ busy, onStay, onLeave }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onStay()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/3 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
          data-testid="leave-dialog"
        >
          <Dialog.Title className="mb-2 text-lg font-semibold">{t('leave.title')}</Dialog.Title>
          <Dialog.Description className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t(busy ? 'leave.running' : 'leave.results')}</Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-primary" onClick={onStay} data-testid="leave-stay" autoFocus>
              {t('leave.stay')}
            </button>
            <button type="button" className="btn btn-outline" onClick={onLeave} data-testid="leave-confirm">
              {t('leave.leave')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
