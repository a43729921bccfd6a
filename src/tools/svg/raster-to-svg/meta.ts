import { FileCode, Spline } from 'lucide-react';
import type { ToolMeta } from '../../types';

const common = ['trace', 'vectorize', 'vector', 'potrace', 'bitmap', '矢量化', '向量化', 'ベクター', 'vektorisieren', '벡터'];

export const pngToSvgMeta: ToolMeta = {
  id: 'png-to-svg',
  category: 'svg',
  path: '/svg/png-to-svg',
  icon: Spline,
  keywords: [...common, 'png', 'logo'],
  updated: '2026-11-23',
  namespaces: ['svg-tools'],
  page: () => import('./PngPage'),
};

export const jpgToSvgMeta: ToolMeta = {
  id: 'jpg-to-svg',
  category: 'svg',
  path: '/svg/jpg-to-svg',
  icon: FileCode,
  keywords: [...common, 'jpg', 'jpeg', 'photo'],
  updated: '2026-11-23',
  namespaces: ['svg-tools'],
  page: () => import('./JpgPage'),
};
