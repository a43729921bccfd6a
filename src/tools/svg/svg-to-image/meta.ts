import { FileImage, ImageDown } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const svgToPngMeta: ToolMeta = {
  id: 'svg-to-png',
  category: 'svg',
  path: '/svg/svg-to-png',
  icon: FileImage,
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
  updated: '2026-11-23',
  namespaces: ['svg-tools'],
  page: () => import('./JpgPage'),
};
