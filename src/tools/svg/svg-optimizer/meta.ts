import { Minimize2 } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const svgOptimizerMeta: ToolMeta = {
  id: 'svg-optimizer',
  category: 'svg',
  path: '/svg/svg-optimizer',
  icon: Minimize2,
  keywords: ['svgo', 'svgomg', 'minify', 'compress', 'optimize', '压缩', '優化', '最適化', 'optimieren', '최적화'],
  updated: '2026-11-23',
  popular: true,
  namespaces: ['svg-tools'],
  page: () => import('./Page'),
};
