import { Clapperboard } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoCompressMeta: ToolMeta = {
  id: 'video-compress',
  category: 'video',
  path: '/video/video-compress',
  icon: Clapperboard,
  updated: '2026-11-23',
  popular: true,
  namespaces: ['media'],
  page: () => import('./Page'),
};
