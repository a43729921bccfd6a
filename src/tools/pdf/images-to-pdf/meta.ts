import { FileImage } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imagesToPdfMeta: ToolMeta = {
  id: 'images-to-pdf',
  category: 'pdf',
  path: '/pdf/images-to-pdf',
  icon: FileImage,
  updated: '2026-11-28',
  namespaces: ['pdf'],
  page: () => import('./Page'),
};
