import type { ReactNode } from 'react';
import { CopyButton } from '../shared/CopyButton';

/** One labelled value of a result list (inside a <dl>), optionally with a copy button. */
export function Row({ label, value, testId, copy = false, children }: { label: string; value: string; testId: string; copy?: boolean; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-zinc-100 py-1.5 last:border-0 dark:border-zinc-800">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-sm">
        <span className="font-mono break-words" data-testid={testId}>
          {value}
        </span>
        {children}
        {copy && <CopyButton text={value} label={label} />}
      </dd>
    </div>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="panel min-w-0 space-y-3">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
