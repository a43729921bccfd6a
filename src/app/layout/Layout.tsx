import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Footer } from './Footer';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

// Dialogs load on first use: the home page does not pay for them.
const SearchPalette = lazy(() => import('./SearchPalette').then((m) => ({ default: m.SearchPalette })));
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Mounted from the first opening on, so closing can animate and reopening is instant.
  const [paletteUsed, setPaletteUsed] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const openPalette = (open: boolean) => {
    if (open) setPaletteUsed(true);
    setPaletteOpen(open);
  };
  const location = useLocation();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setPaletteUsed(true);
        setPaletteOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // A file dropped where no drop zone takes it (a text tool, the home page) must not replace the app with
  // the file. File tools catch such drops earlier (useWindowDrop, capture phase) and preventDefault first.
  useEffect(() => {
    const stray = (e: DragEvent) => {
      if (e.defaultPrevented || !Array.from(e.dataTransfer?.types ?? []).includes('Files')) return;
      e.preventDefault();
      if (e.type === 'dragover' && e.dataTransfer) e.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', stray);
    window.addEventListener('drop', stray);
    return () => {
      window.removeEventListener('dragover', stray);
      window.removeEventListener('drop', stray);
    };
  }, []);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 dark:focus:bg-zinc-900">
        {t('actions.skipToContent')}
      </a>
      <Header
        onOpenMenu={() => {
          setMenuUsed(true);
          setMenuOpen(true);
        }}
        onOpenSearch={() => openPalette(true)}
      />
      <div className="flex flex-1">
        <aside className="sticky top-14 hidden h-[calc(100vh-3.5rem)] shrink-0 lg:block">
          <Sidebar />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer />
        </div>
      </div>
      <Suspense fallback={null}>
        {paletteUsed && <SearchPalette open={paletteOpen} onOpenChange={openPalette} />}
        {menuUsed && <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />}
      </Suspense>
    </div>
  );
}
