import type { TFunction } from 'i18next';
import type { ToolMeta } from '../tools/types';

/** Case-insensitive match of a query against a tool's translated name, description and keywords. */
export function toolMatches(tool: ToolMeta, query: string, t: TFunction): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  const haystack = [t(`tools.${tool.id}.name`), t(`tools.${tool.id}.description`), ...tool.keywords];
  return haystack.some((s) => s.toLocaleLowerCase().includes(q));
}
