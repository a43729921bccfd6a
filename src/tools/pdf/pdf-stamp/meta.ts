import { Stamp } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const pdfStampMeta: ToolMeta = {
  id: 'pdf-stamp',
  category: 'pdf',
  path: '/pdf/pdf-stamp',
  icon: Stamp,
  updated: '2026-11-28',
  namespaces: ['pdf-stamp', 'pdf'],
  page: () => import('./Page'),
};
