import { DropdownMenu } from 'radix-ui';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme, type ThemeMode } from '../theme';
import { ThemeMenuButton } from './ThemeMenuButton';

const MODES: { mode: ThemeMode; Icon: typeof Sun }[] = [
  { mode: 'light', Icon: Sun },
  { mode: 'dark', Icon: Moon },
  { mode: 'system', Icon: Monitor },
];

/** Light, dark or follow the system (the default). Mounted by the first click on its button, so it opens at once. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { mode, setMode } = useTheme();
  return (
    <DropdownMenu.Root defaultOpen modal={false}>
      <DropdownMenu.Trigger asChild>
        <ThemeMenuButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          data-testid="theme-menu-content"
          className="z-50 min-w-44 rounded-md border border-zinc-200 bg-white p-1 text-sm text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-50"
        >
          <DropdownMenu.RadioGroup value={mode} onValueChange={(value) => setMode(value as ThemeMode)}>
            {MODES.map(({ mode: m, Icon }) => (
              <DropdownMenu.RadioItem
                key={m}
                value={m}
                data-testid={`theme-option-${m}`}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none select-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className="flex-1">{t(`theme.modes.${m}`)}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
