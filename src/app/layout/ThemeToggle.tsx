import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../theme';

const ICONS = { light: Sun, dark: Moon, system: Monitor };

export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, next, setMode } = useTheme();
  const Icon = ICONS[mode];
  const label = t(`theme.switchTo.${next}`);
  return (
    <button type="button" className="btn btn-ghost size-9 p-0" title={label} aria-label={label} data-testid="theme-toggle" data-mode={mode} onClick={() => setMode(next)}>
      <Icon className="size-5" aria-hidden />
    </button>
  );
}
