import { Lock } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const pdfProtectMeta: ToolMeta = {
  id: 'pdf-protect',
  category: 'pdf',
  path: '/pdf/pdf-protect',
  icon: Lock,
  updated: '2026-11-28',
  namespaces: ['pdf'],
  page: () => import('./Page'),
};
