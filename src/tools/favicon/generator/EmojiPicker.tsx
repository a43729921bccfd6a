import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSingleEmoji } from './design';
import { searchEmojis } from './emojis';
import { canDrawEmoji } from './emojiSupport';

/** A palette of common emoji with search, and a field to paste any other one. */
export function EmojiPicker({ value, onChange }: { value: string; onChange: (emoji: string) => void }) {
  const { t } = useTranslation('favicon');
  const ids = { search: useId(), own: useId() };
  const [query, setQuery] = useState('');
  const [own, setOwn] = useState('');
  const hits = searchEmojis(query);
  const ownInvalid = own !== '' && !isSingleEmoji(own);
  return (
    <div className="space-y-2" data-testid="emoji-picker">
      <label htmlFor={ids.search} className="block text-sm font-medium">
        {t('generator.emojiSearch')}
      </label>
      <input id={ids.search} type="search" className="field w-full" value={query} onChange={(e) => setQuery(e.target.value)} />
      <div className="grid max-h-56 grid-cols-[repeat(auto-fill,minmax(2.5rem,1fr))] gap-1 overflow-y-auto rounded-md border border-zinc-200 p-1 dark:border-zinc-800">
        {hits.map(([emoji, names]) => (
          <button
            key={emoji}
            type="button"
            title={names}
            aria-label={names}
            aria-pressed={emoji === value}
            onClick={() => onChange(emoji)}
            className={`aspect-square rounded-md text-2xl leading-none ${emoji === value ? 'bg-blue-100 ring-2 ring-blue-600 dark:bg-blue-950' : 'hover:bg-zinc-100 dark:hover:bg-zinc-800'}`}
          >
            {emoji}
          </button>
        ))}
      </div>
      <label htmlFor={ids.own} className="block text-sm font-medium">
        {t('generator.emojiOwn')}
      </label>
      <input
        id={ids.own}
        className="field w-24 text-center text-xl"
        value={own}
        aria-invalid={ownInvalid}
        onChange={(e) => {
          setOwn(e.target.value);
          if (isSingleEmoji(e.target.value)) onChange(e.target.value);
        }}
      />
      {ownInvalid && <p className="text-sm text-red-700 dark:text-red-400">{t('generator.emojiInvalid')}</p>}
      {isSingleEmoji(value) && !canDrawEmoji(value) && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200" role="alert" data-testid="emoji-missing">
          {t('generator.emojiMissing', { emoji: value })}
        </p>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('generator.emojiNote')}</p>
    </div>
  );
}
