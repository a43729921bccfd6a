import { FileStack } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const pdfSplitMeta: ToolMeta = {
  id: 'pdf-split',
  category: 'pdf',
  path: '/pdf/pdf-split',
  icon: FileStack,
  updated: '2026-11-28',
  namespaces: ['pdf'],
  page: () => import('./Page'),
};
