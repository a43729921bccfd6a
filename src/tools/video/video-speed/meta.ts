import { FastForward } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoSpeedMeta: ToolMeta = {
  id: 'video-speed',
  category: 'video',
  path: '/video/video-speed',
  icon: FastForward,
  updated: '2026-11-28',
  namespaces: ['video-speed', 'media'],
  page: () => import('./Page'),
};
