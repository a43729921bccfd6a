import { Grid3x3 } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageMosaicMeta: ToolMeta = {
  id: 'image-mosaic',
  category: 'image',
  path: '/image/image-mosaic',
  icon: Grid3x3,
  keywords: ['mosaic', 'pixelate', 'blur', 'censor', 'redact', 'hide face', '马赛克', '打码', '馬賽克', 'モザイク', 'ぼかし', 'verpixeln', 'Mosaik', '모자이크'],
  updated: '2026-11-23',
  namespaces: ['image-mosaic'],
  page: () => import('./Page'),
};
