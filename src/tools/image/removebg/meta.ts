import { Eraser } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageRemovebgMeta: ToolMeta = {
  id: 'image-removebg',
  category: 'image',
  path: '/image/image-removebg',
  icon: Eraser,
  keywords: ['background', 'remove background', 'cut out', 'transparent', 'AI', '抠图', '去背景', '去背', '背景削除', '切り抜き', 'Hintergrund entfernen', 'Freistellen', '배경 제거', '누끼'],
  updated: '2026-11-23',
  popular: true,
  namespaces: ['image-removebg'],
  page: () => import('./Page'),
};
