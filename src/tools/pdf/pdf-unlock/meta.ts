import { LockOpen } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const pdfUnlockMeta: ToolMeta = {
  id: 'pdf-unlock',
  category: 'pdf',
  path: '/pdf/pdf-unlock',
  icon: LockOpen,
  keywords: ['decrypt', 'remove password', '解密', 'entsperren'],
  updated: '2026-11-28',
  namespaces: ['pdf'],
  page: () => import('./Page'),
};
