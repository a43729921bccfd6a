import { FileText } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const svgToPdfMeta: ToolMeta = {
  id: 'svg-to-pdf',
  category: 'svg',
  path: '/svg/svg-to-pdf',
  icon: FileText,
  keywords: ['svg', 'pdf', 'vector', 'print', 'a4', '转换', '轉換', '変換', 'umwandeln', '변환'],
  updated: '2026-11-23',
  namespaces: ['svg-tools'],
  page: () => import('./Page'),
};
