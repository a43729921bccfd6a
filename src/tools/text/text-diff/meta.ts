import { GitCompare } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const textDiffMeta: ToolMeta = {
  id: 'text-diff',
  category: 'text',
  path: '/text/text-diff',
  icon: GitCompare,
  updated: '2026-11-22',
  popular: true,
  namespaces: ['text-diff'],
  page: () => import('./Page'),
};
