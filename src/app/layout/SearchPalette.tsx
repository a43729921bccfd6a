import { Search } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TOOLS } from '../../tools/registry';
import { mayNavigate } from '../../kit/leaveRequests';
import { TOOL_KEYWORDS } from '../../tools/keywords';
import { toolMatches } from '../search';

/** Ctrl/Cmd+K: a palette over every tool; arrows move, Enter opens. */
export function SearchPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const results = TOOLS.filter((tool) => toolMatches(tool, query, t, TOOL_KEYWORDS));
  const current = Math.min(active, Math.max(results.length - 1, 0));

  const go = (path: string) => {
    onOpenChange(false);
    setQuery('');
    if (mayNavigate(path)) navigate(path);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed left-1/2 top-[15vh] z-50 w-[min(92vw,560px)] -translate-x-1/2 rounded-xl border border-zinc-200 bg-white shadow-2xl dark:border-zinc-700 dark:bg-zinc-900"
          data-testid="search-palette"
          // The last query comes back selected, so typing replaces it ("webp" then "heic" is not "webpheic").
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            input.current?.focus();
            input.current?.select();
          }}
        >
          <Dialog.Title className="sr-only">{t('search.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('search.hint')}</Dialog.Description>
          <div className="flex items-center gap-2 border-b border-zinc-200 px-3 dark:border-zinc-700">
            <Search className="size-4 text-zinc-500" aria-hidden />
            <input
              ref={input}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  setActive((current + 1) % Math.max(results.length, 1));
                } else if (e.key === 'ArrowUp') {
                  e.preventDefault();
                  setActive((current - 1 + results.length) % Math.max(results.length, 1));
                } else if (e.key === 'Enter' && results[current]) {
                  go(results[current].path);
                }
              }}
              placeholder={t('search.placeholder')}
              aria-label={t('search.placeholder')}
              data-testid="palette-input"
              className="h-12 flex-1 bg-transparent text-base outline-none"
            />
          </div>
          <ul className="max-h-[50vh] overflow-y-auto p-2" role="listbox" aria-label={t('search.title')}>
            {results.length === 0 && <li className="px-3 py-6 text-center text-sm text-zinc-500">{t('search.noResults')}</li>}
            {results.map((tool, i) => {
              const Icon = tool.icon;
              return (
                <li key={tool.id} role="option" aria-selected={i === current}>
                  <button
                    type="button"
                    onMouseEnter={() => setActive(i)}
                    onClick={() => go(tool.path)}
                    data-testid="palette-result"
                    className={`flex w-full items-center gap-3 rounded-md px-3 py-2 text-left ${i === current ? 'bg-blue-600 text-white' : ''}`}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden />
                    <span className="flex-1">
                      <span className="block text-sm font-medium">{t(`tools.${tool.id}.name`)}</span>
                      <span className={`block text-xs ${i === current ? 'text-blue-100' : 'text-zinc-500 dark:text-zinc-400'}`}>{t(`tools.${tool.id}.description`)}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
