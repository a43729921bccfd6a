import { Scaling } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageResizeMeta: ToolMeta = {
  id: 'image-resize',
  category: 'image',
  path: '/image/image-resize',
  icon: Scaling,
  updated: '2026-11-23',
  popular: true,
  namespaces: ['image-codecs'],
  page: () => import('./Page'),
};
