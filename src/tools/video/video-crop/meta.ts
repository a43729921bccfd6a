import { Crop } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoCropMeta: ToolMeta = {
  id: 'video-crop',
  category: 'video',
  path: '/video/video-crop',
  icon: Crop,
  updated: '2026-11-28',
  namespaces: ['video-crop', 'media'],
  page: () => import('./Page'),
};
