import { Lock } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const pdfUnlockMeta: ToolMeta = {
  id: 'pdf-unlock',
  category: 'pdf',
  path: '/pdf/pdf-unlock',
  icon: Lock,
  updated: '2026-11-28',
  namespaces: ['pdf'],
  page: () => import('./Page'),
};
