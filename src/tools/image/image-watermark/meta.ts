// The category's own icon: a new one does not fit the home page's 120 KB budget.
import { Image } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageWatermarkMeta: ToolMeta = {
  id: 'image-watermark',
  category: 'image',
  path: '/image/image-watermark',
  icon: Image,
  updated: '2026-11-28',
  namespaces: ['image-watermark', 'image-codecs'],
  page: () => import('./Page'),
};
