import { Repeat } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageConverterMeta: ToolMeta = {
  id: 'image-converter',
  category: 'image',
  path: '/image/image-converter',
  icon: Repeat,
  keywords: ['convert', 'jpg to png', 'png to jpg', 'webp', 'avif', 'gif', 'bmp', 'format', '转换', '轉換', '変換', 'umwandeln', '변환'],
  updated: '2026-11-23',
  popular: true,
  namespaces: ['image-codecs'],
  page: () => import('./Page'),
};
