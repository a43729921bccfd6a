import { Menu, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from './LanguagePicker';
import { ThemeToggle } from './ThemeToggle';

interface Props {
  onOpenMenu: () => void;
  onOpenSearch: () => void;
}

export function Header({ onOpenMenu, onOpenSearch }: Props) {
  const { t } = useTranslation();
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-zinc-200 bg-white/90 px-3 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <button type="button" className="btn btn-ghost size-9 p-0 lg:hidden" aria-label={t('header.openMenu')} data-testid="menu-button" onClick={onOpenMenu}>
        <Menu className="size-5" aria-hidden />
      </button>
      <Link to="/" className="flex items-center gap-2 font-semibold" aria-label={t('header.home')}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="hidden text-lg min-[420px]:inline">{t('brand.name')}</span>
      </Link>
      {/* The empty stretch of the header: where toasts show (ui/toast-placement.ts). */}
      <div className="flex-1" data-toast-slot />
      <button
        type="button"
        onClick={onOpenSearch}
        data-testid="open-search"
        className="flex h-9 min-w-0 items-center gap-2 rounded-md border border-zinc-300 px-2 text-sm whitespace-nowrap text-zinc-600 hover:bg-zinc-100 sm:w-64 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        {/* Always in the accessibility tree (the button's name); visible from sm up. */}
        <span className="sr-only sm:not-sr-only sm:truncate">{t('header.searchTools')}</span>
        <kbd aria-hidden className="ml-auto hidden shrink-0 rounded border border-zinc-300 px-1 text-xs sm:inline dark:border-zinc-600">{isMac ? '⌘K' : 'Ctrl K'}</kbd>
      </button>
      <ThemeToggle />
      <LanguagePicker />
    </header>
  );
}
