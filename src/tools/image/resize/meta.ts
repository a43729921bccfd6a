import { Scaling } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageResizeMeta: ToolMeta = {
  id: 'image-resize',
  category: 'image',
  path: '/image/image-resize',
  icon: Scaling,
  keywords: ['resize', 'scale', 'dimensions', 'width', 'height', 'lanczos', 'shrink', '缩放', '調整大小', 'リサイズ', 'Größe ändern', '크기 조정'],
  updated: '2026-11-23',
  popular: true,
  namespaces: ['image-codecs'],
  page: () => import('./Page'),
};
