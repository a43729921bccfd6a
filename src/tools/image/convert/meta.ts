import { Repeat } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageConverterMeta: ToolMeta = {
  id: 'image-converter',
  category: 'image',
  path: '/image/image-converter',
  icon: Repeat,
  updated: '2026-11-23',
  popular: true,
  namespaces: ['image-codecs'],
  page: () => import('./Page'),
};
