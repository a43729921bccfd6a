import { Gauge } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const audioSpeedMeta: ToolMeta = {
  id: 'audio-speed',
  category: 'audio',
  path: '/audio/audio-speed',
  icon: Gauge,
  updated: '2026-11-28',
  namespaces: ['audio-speed', 'media'],
  page: () => import('./Page'),
};
