import { useTranslation } from 'react-i18next';

/** Says whether a tool's text inputs are really kept on this device (useStoredInput's `kept`), not just that they would be. */
export function KeptNotice({ kept, className = '' }: { kept: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      className={`text-xs ${kept ? 'text-zinc-600 dark:text-zinc-400' : 'text-amber-800 dark:text-amber-300'} ${className}`}
      data-testid="input-kept"
      data-kept={kept}
    >
      {t(kept ? 'inputs.kept' : 'inputs.notKept')}
    </p>
  );
}
