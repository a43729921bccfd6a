import { FileOutput } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const svgToEpsMeta: ToolMeta = {
  id: 'svg-to-eps',
  category: 'svg',
  path: '/svg/svg-to-eps',
  icon: FileOutput,
  updated: '2026-11-23',
  namespaces: ['svg-tools'],
  page: () => import('./Page'),
};
