import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/** The small button that opens the light / dark / system menu, before and after the menu has loaded. */
export function ThemeMenuButton(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn-ghost h-9 w-5 p-0" aria-label={t('theme.menu')} title={t('theme.menu')} data-testid="theme-menu" aria-haspopup="menu" {...props}>
      <ChevronDown className="size-3.5" aria-hidden />
    </button>
  );
}
