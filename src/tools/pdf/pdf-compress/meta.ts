import { FileDown } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const pdfCompressMeta: ToolMeta = {
  id: 'pdf-compress',
  category: 'pdf',
  path: '/pdf/pdf-compress',
  icon: FileDown,
  updated: '2026-11-28',
  namespaces: ['pdf-compress', 'pdf'],
  page: () => import('./Page'),
};
