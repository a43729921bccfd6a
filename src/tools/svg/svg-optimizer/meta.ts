import { Minimize2 } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const svgOptimizerMeta: ToolMeta = {
  id: 'svg-optimizer',
  category: 'svg',
  path: '/svg/svg-optimizer',
  icon: Minimize2,
  updated: '2026-11-23',
  popular: true,
  namespaces: ['svg-tools'],
  page: () => import('./Page'),
};
