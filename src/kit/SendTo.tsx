import { ChevronDown, Send } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { markDownloaded, unmarkDownloaded, wasDownloaded } from '../lib/download';
import { commonTargets } from './handoff';
import { handOff, useTargetsFor } from './handoffStore';
import { mayNavigate } from './leaveRequests';
import type { JobOutput } from '../runtime/jobs';

type Sendable = JobOutput & { size: number };

interface Props {
  /** One row's result, or every finished result of the batch ("send all"). */
  results: Sendable[];
  all?: boolean;
}

/**
 * Hands results to another tool that takes their type, without downloading them (resize → favicon, PNG → SVG, …).
 * A menu button: it acts on a click or Enter on an item, never on a mere arrow key. The results sent go on with
 * the user; any other result of the page not downloaded yet makes the leave guard ask first.
 */
export function SendTo({ results, all = false }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const targetsFor = useTargetsFor();
  const described = results.map((r) => ({ name: r.name, type: r.blob.type, size: r.size }));
  const targets = (targetsFor ? commonTargets(targetsFor, described) : []).filter((tool) => tool.path !== pathname);
  if (!targets.length) return null;

  const send = (path: string) => {
    const files = results.map((r) => new File([r.blob], r.name, { type: r.blob.type }));
    const blobs = results.map((r) => r.blob).filter((b) => !wasDownloaded(b));
    // Handed over, not lost by leaving: only the page's other results make the guard ask.
    markDownloaded(blobs);
    const stay = () => unmarkDownloaded(blobs);
    if (mayNavigate(path, { onLeave: () => handOff(files, path), onStay: stay })) {
      handOff(files, path);
      navigate(path);
    }
  };

  const label = all ? t('handoff.sendAll') : t('handoff.sendTo');
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="btn btn-outline min-w-0 text-sm"
        onClick={(e) => e.stopPropagation()}
        data-testid={all ? 'send-all-to' : 'send-to'}
      >
        <Send className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{label}</span>
        {/* What is sent, for screen readers: after the visible words, so the accessible name contains them (axe). */}
        <span className="sr-only">: {all ? t('handoff.sendAllNamed', { count: results.length }) : t('handoff.sendNamed', { name: results[0].name })}</span>
        <ChevronDown className="size-4 shrink-0" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          data-testid="send-to-menu"
          className="z-50 max-h-80 min-w-48 overflow-y-auto rounded-md border border-zinc-200 bg-white p-1 text-sm text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-50"
          onClick={(e) => e.stopPropagation()}
        >
          {targets.map((tool) => (
            <DropdownMenu.Item
              key={tool.id}
              onSelect={() => send(tool.path)}
              data-testid="send-to-item"
              data-tool={tool.id}
              className="cursor-pointer rounded px-2 py-1.5 outline-none select-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
            >
              {t(`tools.${tool.id}.name`)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
