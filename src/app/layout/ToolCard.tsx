import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ToolMeta } from '../../tools/types';

export function ToolCard({ tool }: { tool: ToolMeta }) {
  const { t } = useTranslation();
  const Icon = tool.icon;
  return (
    <Link
      to={tool.path}
      data-testid="tool-card"
      data-tool={tool.id}
      className="flex gap-3 rounded-lg border border-zinc-200 bg-white p-4 transition hover:border-blue-500 hover:shadow-sm dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-blue-400"
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-blue-600 dark:text-blue-400" aria-hidden />
      <span>
        <span className="block font-medium">{t(`tools.${tool.id}.name`)}</span>
        <span className="block text-sm text-zinc-600 dark:text-zinc-400">{t(`tools.${tool.id}.description`)}</span>
      </span>
    </Link>
  );
}
