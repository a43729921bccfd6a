import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconNode } from './design';
import { searchIcons } from './icons';

const TAGS = new Set(['path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse']);

/** Draws lucide icon data (our own bundled data; only drawing elements, React sets the attributes). */
function IconGlyph({ node }: { node: IconNode }) {
  return (
    <svg viewBox="0 0 24 24" width={22} height={22} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      {node.map(([tag, attrs], i) => {
        if (!TAGS.has(tag)) return null;
        const Tag = tag as 'path';
        const { key: _key, ...rest } = attrs;
        return <Tag key={i} {...(rest as object)} />;
      })}
    </svg>
  );
}

/** Searchable grid of lucide icons (this module and the icon set load only when the picker is shown). */
export default function IconPicker({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const { t } = useTranslation('favicon');
  const id = useId();
  const [query, setQuery] = useState('');
  const hits = searchIcons(query);
  return (
    <div className="space-y-2" data-testid="icon-picker">
      <label htmlFor={id} className="block text-sm font-medium">
        {t('generator.iconSearch')}
      </label>
      <input id={id} type="search" className="field w-full" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="rocket, heart, code…" data-testid="icon-search" />
      {hits.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('generator.noIcons')}</p>
      ) : (
        <div className="grid max-h-64 grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1 overflow-y-auto rounded-md border border-zinc-200 p-1 dark:border-zinc-800">
          {hits.map(({ name, node }) => (
            <button
              key={name}
              type="button"
              title={name}
              aria-label={name}
              aria-pressed={name === value}
              onClick={() => onChange(name)}
              className={`flex aspect-square items-center justify-center rounded-md ${name === value ? 'bg-blue-600 text-white' : 'hover:bg-zinc-100 dark:hover:bg-zinc-800'}`}
              data-testid="icon-option"
            >
              <IconGlyph node={node} />
            </button>
          ))}
        </div>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('generator.iconNote', { name: value })}</p>
    </div>
  );
}
