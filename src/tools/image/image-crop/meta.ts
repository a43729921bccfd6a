import { Crop } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageCropMeta: ToolMeta = {
  id: 'image-crop',
  category: 'image',
  path: '/image/image-crop',
  icon: Crop,
  updated: '2026-11-28',
  namespaces: ['image-crop', 'image-codecs'],
  page: () => import('./Page'),
};
