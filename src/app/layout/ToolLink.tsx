import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { ToolMeta } from '../../tools/types';

export function ToolLink({ tool, onNavigate }: { tool: ToolMeta; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const Icon = tool.icon;
  return (
    <NavLink
      to={tool.path}
      onClick={onNavigate}
      data-testid="nav-tool"
      data-tool={tool.id}
      className={({ isActive }) =>
        `flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ${
          isActive ? 'bg-blue-600 font-medium text-white' : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'
        }`
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{t(`tools.${tool.id}.name`)}</span>
    </NavLink>
  );
}
