import { FileText } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const svgToPdfMeta: ToolMeta = {
  id: 'svg-to-pdf',
  category: 'svg',
  path: '/svg/svg-to-pdf',
  icon: FileText,
  updated: '2026-11-23',
  namespaces: ['svg-tools'],
  page: () => import('./Page'),
};
