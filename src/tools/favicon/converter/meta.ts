import { FileImage } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const faviconConverterMeta: ToolMeta = {
  id: 'favicon-converter',
  category: 'favicon',
  path: '/favicon/converter',
  icon: FileImage,
  updated: '2026-11-23',
  popular: true,
  namespaces: ['favicon'],
  page: () => import('./Page'),
};
