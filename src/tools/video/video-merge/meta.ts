import { Clapperboard } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoMergeMeta: ToolMeta = {
  id: 'video-merge',
  category: 'video',
  path: '/video/video-merge',
  icon: Clapperboard,
  updated: '2026-11-28',
  namespaces: ['video-merge', 'media'],
  page: () => import('./Page'),
};
