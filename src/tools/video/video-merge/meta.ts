import { Clapperboard } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoMergeMeta: ToolMeta = {
  id: 'video-merge',
  category: 'video',
  path: '/video/video-merge',
  icon: Clapperboard,
  keywords: ['video', 'merge', 'join', 'concatenate', 'combine', 'lossless', '视频合并', '影片合併', '動画結合', 'Video zusammenfügen', '동영상 합치기'],
  updated: '2026-11-28',
  namespaces: ['video-merge', 'media'],
  page: () => import('./Page'),
};
