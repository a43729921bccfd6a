import { FileStack } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const pdfMergeMeta: ToolMeta = {
  id: 'pdf-merge',
  category: 'pdf',
  path: '/pdf/pdf-merge',
  icon: FileStack,
  updated: '2026-11-28',
  namespaces: ['pdf'],
  page: () => import('./Page'),
};
