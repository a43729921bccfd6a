import { Minimize2 } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageCompressMeta: ToolMeta = {
  id: 'image-compress',
  category: 'image',
  path: '/image/image-compress',
  icon: Minimize2,
  keywords: ['compress', 'optimize', 'shrink', 'jpeg', 'jpg', 'png', 'webp', 'avif', 'mozjpeg', 'oxipng', 'squoosh', '压缩', '壓縮', '圧縮', 'komprimieren', '압축'],
  updated: '2026-11-23',
  popular: true,
  namespaces: ['image-codecs'],
  page: () => import('./Page'),
};
