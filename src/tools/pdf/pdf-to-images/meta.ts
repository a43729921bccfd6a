import { FileImage } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const pdfToImagesMeta: ToolMeta = {
  id: 'pdf-to-images',
  category: 'pdf',
  path: '/pdf/pdf-to-images',
  icon: FileImage,
  updated: '2026-11-28',
  namespaces: ['pdf'],
  page: () => import('./Page'),
};
