import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies a value to the clipboard; shows a tick for a moment. `label` names what is copied, for screen readers. */
export function CopyButton({ text, label, testId, withText = false }: { text: string; label: string; testId?: string; withText?: boolean }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions): the value stays on screen to select by hand.
    }
  };

  const action = t(copied ? 'common:actions.copied' : 'common:actions.copy');
  return (
    <button type="button" className="btn btn-ghost px-1.5 py-1" onClick={() => void copy()} data-testid={testId} aria-label={withText ? undefined : `${action}: ${label}`} title={withText ? undefined : action}>
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      {withText && action}
    </button>
  );
}
