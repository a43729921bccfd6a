import { Repeat } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoToGifMeta: ToolMeta = {
  id: 'video-to-gif',
  category: 'video',
  path: '/video/video-to-gif',
  icon: Repeat,
  updated: '2026-11-28',
  namespaces: ['media', 'video-to-gif'],
  page: () => import('./Page'),
};
