import { LayoutGrid } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const pdfOrganizeMeta: ToolMeta = {
  id: 'pdf-organize',
  category: 'pdf',
  path: '/pdf/pdf-organize',
  icon: LayoutGrid,
  updated: '2026-11-28',
  namespaces: ['pdf'],
  page: () => import('./Page'),
};
