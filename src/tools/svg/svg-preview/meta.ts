import { Code } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const svgPreviewMeta: ToolMeta = {
  id: 'svg-preview',
  category: 'svg',
  path: '/svg/svg-preview',
  icon: Code,
  updated: '2026-11-23',
  popular: true,
  namespaces: ['svg-tools'],
  page: () => import('./Page'),
};
