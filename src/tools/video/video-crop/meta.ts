import { Crop } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const videoCropMeta: ToolMeta = {
  id: 'video-crop',
  category: 'video',
  path: '/video/video-crop',
  icon: Crop,
  keywords: ['video', 'crop', 'rotate', 'flip', 'resize', 'scale', 'portrait', 'vertical', '视频裁剪', '视频旋转', '影片裁切', '影片旋轉', '動画切り抜き', '動画回転', 'Video zuschneiden', 'Video drehen', '동영상 자르기', '동영상 회전'],
  updated: '2026-11-28',
  namespaces: ['video-crop', 'media'],
  page: () => import('./Page'),
};
