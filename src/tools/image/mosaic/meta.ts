import { Grid3x3 } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageMosaicMeta: ToolMeta = {
  id: 'image-mosaic',
  category: 'image',
  path: '/image/image-mosaic',
  icon: Grid3x3,
  updated: '2026-11-23',
  namespaces: ['image-mosaic'],
  page: () => import('./Page'),
};
