import { Minimize2 } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageCompressMeta: ToolMeta = {
  id: 'image-compress',
  category: 'image',
  path: '/image/image-compress',
  icon: Minimize2,
  updated: '2026-11-23',
  popular: true,
  namespaces: ['image-codecs'],
  page: () => import('./Page'),
};
