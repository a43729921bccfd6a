import { Gauge } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const audioSpeedMeta: ToolMeta = {
  id: 'audio-speed',
  category: 'audio',
  path: '/audio/audio-speed',
  icon: Gauge,
  keywords: ['speed', 'tempo', 'pitch', 'slow down', '变速', '變速', 'テンポ', 'Tempo', '피치'],
  updated: '2026-11-28',
  namespaces: ['audio-speed', 'media'],
  page: () => import('./Page'),
};
