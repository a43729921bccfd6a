import { Scissors } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoTrimMeta: ToolMeta = {
  id: 'video-trim',
  category: 'video',
  path: '/video/video-trim',
  icon: Scissors,
  keywords: ['video', 'trim', 'cut', 'clip', 'lossless', 'shorten', '视频剪切', '影片剪下', '動画トリミング', 'Video schneiden', '동영상 자르기'],
  updated: '2026-11-28',
  namespaces: ['video-trim', 'media'],
  page: () => import('./Page'),
};
