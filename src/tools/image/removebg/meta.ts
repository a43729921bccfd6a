import { Eraser } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageRemovebgMeta: ToolMeta = {
  id: 'image-removebg',
  category: 'image',
  path: '/image/image-removebg',
  icon: Eraser,
  updated: '2026-11-23',
  popular: true,
  namespaces: ['image-removebg'],
  page: () => import('./Page'),
};
