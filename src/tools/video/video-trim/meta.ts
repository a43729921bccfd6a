import { Scissors } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoTrimMeta: ToolMeta = {
  id: 'video-trim',
  category: 'video',
  path: '/video/video-trim',
  icon: Scissors,
  updated: '2026-11-28',
  namespaces: ['video-trim', 'media'],
  page: () => import('./Page'),
};
