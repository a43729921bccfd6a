import { FileCode, Spline } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const pngToSvgMeta: ToolMeta = {
  id: 'png-to-svg',
  category: 'svg',
  path: '/svg/png-to-svg',
  icon: Spline,
  updated: '2026-11-23',
  namespaces: ['svg-tools'],
  page: () => import('./PngPage'),
};

export const jpgToSvgMeta: ToolMeta = {
  id: 'jpg-to-svg',
  category: 'svg',
  path: '/svg/jpg-to-svg',
  icon: FileCode,
  updated: '2026-11-23',
  namespaces: ['svg-tools'],
  page: () => import('./JpgPage'),
};
