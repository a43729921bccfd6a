import { Clapperboard } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoCompressMeta: ToolMeta = {
  id: 'video-compress',
  category: 'video',
  path: '/video/video-compress',
  icon: Clapperboard,
  keywords: ['video', 'compress', 'mp4', 'webm', 'mov', 'avi', 'h264', 'vp9', 'shrink', 'reduce size', '视频压缩', '影片壓縮', '動画圧縮', 'Video verkleinern', '동영상 압축'],
  updated: '2026-11-23',
  popular: true,
  namespaces: ['media'],
  page: () => import('./Page'),
};
