import { FileImage, ImageDown } from 'lucide-react';
import type { ToolMeta } from '../../types';

const common = ['svg', 'rasterize', 'render', 'convert', '转换', '轉換', '変換', 'umwandeln', '변환'];

export const svgToPngMeta: ToolMeta = {
  id: 'svg-to-png',
  category: 'svg',
  path: '/svg/svg-to-png',
  icon: FileImage,
  keywords: [...common, 'png', 'transparent', '透明'],
  updated: '2026-11-23',
  popular: true,
  namespaces: ['svg-tools'],
  page: () => import('./PngPage'),
};

export const svgToJpgMeta: ToolMeta = {
  id: 'svg-to-jpg',
  category: 'svg',
  path: '/svg/svg-to-jpg',
  icon: ImageDown,
  keywords: [...common, 'jpg', 'jpeg'],
  updated: '2026-11-23',
  namespaces: ['svg-tools'],
  page: () => import('./JpgPage'),
};
