import { ImageDown } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoFramesMeta: ToolMeta = {
  id: 'video-frames',
  category: 'video',
  path: '/video/video-frames',
  icon: ImageDown,
  updated: '2026-11-28',
  namespaces: ['media', 'video-frames'],
  page: () => import('./Page'),
};
