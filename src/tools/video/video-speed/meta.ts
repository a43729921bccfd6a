import { FastForward } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoSpeedMeta: ToolMeta = {
  id: 'video-speed',
  category: 'video',
  path: '/video/video-speed',
  icon: FastForward,
  keywords: ['video', 'speed', 'slow motion', 'fast forward', 'timelapse', '视频变速', '影片變速', '動画速度', 'Video beschleunigen', '동영상 속도'],
  updated: '2026-11-28',
  namespaces: ['video-speed', 'media'],
  page: () => import('./Page'),
};
