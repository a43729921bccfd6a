import { ImageDown } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoFramesMeta: ToolMeta = {
  id: 'video-frames',
  category: 'video',
  path: '/video/video-frames',
  icon: ImageDown,
  keywords: ['frame', 'screenshot', 'still', 'snapshot', 'thumbnail', 'png', 'jpg', 'extract', '视频截图', '影片截圖', '動画 静止画', 'Standbild', '동영상 캡처'],
  updated: '2026-11-28',
  namespaces: ['media', 'video-frames'],
  page: () => import('./Page'),
};
