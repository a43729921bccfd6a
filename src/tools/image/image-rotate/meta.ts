// The category's own icon: a new one (RotateCw, ~90 B gzip) does not fit the home page's 120 KB budget.
import { Image } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageRotateMeta: ToolMeta = {
  id: 'image-rotate',
  category: 'image',
  path: '/image/image-rotate',
  icon: Image,
  updated: '2026-11-28',
  namespaces: ['image-rotate', 'image-codecs'],
  page: () => import('./Page'),
};
