import { ScrollArea as Radix } from 'radix-ui';
import type { ReactNode } from 'react';

/** Radix ScrollArea: the bar shows while scrolling and hides 600 ms after (Radix's default delay). */
export function ScrollArea({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <Radix.Root type="scroll" scrollHideDelay={600} className={`overflow-hidden ${className}`}>
      <Radix.Viewport className="size-full">{children}</Radix.Viewport>
      <Radix.Scrollbar orientation="vertical" className="flex w-2 touch-none select-none p-0.5">
        <Radix.Thumb className="relative flex-1 rounded-full bg-zinc-400/60 dark:bg-zinc-500/60" />
      </Radix.Scrollbar>
    </Radix.Root>
  );
}
