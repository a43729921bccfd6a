import { Repeat } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoToGifMeta: ToolMeta = {
  id: 'video-to-gif',
  category: 'video',
  path: '/video/video-to-gif',
  icon: Repeat,
  keywords: ['gif', 'animated', 'webp', 'animation', 'meme', 'clip', 'loop', '视频转GIF', '影片轉GIF', '動画 GIF', 'GIF erstellen', '동영상 GIF'],
  updated: '2026-11-28',
  namespaces: ['media', 'video-to-gif'],
  page: () => import('./Page'),
};
