import { RefreshCw } from 'lucide-react';

interface Props {
  /** Says the results were made with other settings than the ones now shown. */
  message: string;
  /** The button's label, e.g. "Convert again". */
  action: string;
  onRerun: () => void;
  actionTestId?: string;
}

/** Results that no longer match the settings: offer to redo them, never leave them silently stale. */
export function RerunNotice({ message, action, onRerun, actionTestId = 'rerun' }: Props) {
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      role="status"
      data-testid="stale-results"
    >
      <span className="flex-1">{message}</span>
      <button type="button" className="btn btn-primary" onClick={onRerun} data-testid={actionTestId}>
        <RefreshCw className="size-4" aria-hidden /> {action}
      </button>
    </div>
  );
}
