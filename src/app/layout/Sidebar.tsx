import { ChevronDown, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolsIn, visibleCategories } from '../../tools/registry';
import { ScrollArea } from '../../ui/ScrollArea';
import { loadKeywords, toolMatches, useKeywords } from '../search';
import { ToolLink } from './ToolLink';

/** The 240 px navigation: a filter box and the registry's categories, each collapsible, all open at start. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const keywords = useKeywords(query.trim() !== '');

  const groups = visibleCategories()
    .map((category) => ({ category, tools: toolsIn(category.id).filter((tool) => toolMatches(tool, query, t, keywords)) }))
    .filter((g) => g.tools.length > 0);

  const toggle = (id: string, open: boolean) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <nav aria-label={t('sidebar.label')} className="flex h-full w-[240px] flex-col border-r border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900" data-testid="sidebar">
      <div className="p-3">
        <label className="relative block">
          <span className="sr-only">{t('sidebar.filter')}</span>
          <Search className="pointer-events-none absolute left-2 top-2.5 size-4 text-zinc-500" aria-hidden />
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onFocus={() => void loadKeywords().catch(() => {})}
            placeholder={t('sidebar.filter')}
            data-testid="sidebar-search"
            className="h-9 w-full rounded-md border border-zinc-300 bg-white pl-8 pr-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
          />
        </label>
      </div>
      <ScrollArea className="min-h-0 flex-1">
        <div className="space-y-1 px-3 pb-4">
          {groups.length === 0 && <p className="px-2 py-4 text-sm text-zinc-500">{t('search.noResults')}</p>}
          {groups.map(({ category, tools }) => {
            const Icon = category.icon;
            const open = query.trim() !== '' || !closed.has(category.id);
            return (
              <div key={category.id} data-testid="nav-category" data-category={category.id}>
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={`nav-${category.id}`}
                  onClick={() => toggle(category.id, !open)}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
                >
                  <Icon className={`size-4 ${category.color}`} aria-hidden />
                  <span className="flex-1 text-left">{t(`categories.${category.id}`)}</span>
                  <ChevronDown className={`size-4 transition-transform ${open ? '' : '-rotate-90'}`} aria-hidden />
                </button>
                <div id={`nav-${category.id}`} hidden={!open} className="space-y-0.5 py-1">
                  {tools.map((tool) => (
                    <ToolLink key={tool.id} tool={tool} onNavigate={onNavigate} />
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      </ScrollArea>
    </nav>
  );
}
