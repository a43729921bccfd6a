import { Moon, Sun } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../theme';
import { ThemeMenuButton } from './ThemeMenuButton';

// The menu (Radix DropdownMenu) loads on first use: the home page's JavaScript budget does not pay for it.
const loadMenu = () => import('./ThemeMenu');
const ThemeMenu = lazy(() => loadMenu().then((m) => ({ default: m.ThemeMenu })));

/** One click switches between light and dark from what is shown now; the menu also offers "follow the system". */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, resolved, next, setMode } = useTheme();
  const [menuUsed, setMenuUsed] = useState(false);
  const Icon = resolved === 'dark' ? Moon : Sun;
  const label = t(`theme.switchTo.${next}`);
  return (
    <div className="flex shrink-0 items-center">
      <button type="button" className="btn btn-ghost size-9 p-0" title={label} aria-label={label} data-testid="theme-toggle" data-mode={mode} data-resolved={resolved} onClick={() => setMode(next)}>
        <Icon className="size-5" aria-hidden />
      </button>
      {menuUsed ? (
        <Suspense fallback={<ThemeMenuButton aria-expanded />}>
          <ThemeMenu />
        </Suspense>
      ) : (
        <ThemeMenuButton aria-expanded={false} onPointerEnter={() => void loadMenu()} onFocus={() => void loadMenu()} onClick={() => setMenuUsed(true)} />
      )}
    </div>
  );
}
