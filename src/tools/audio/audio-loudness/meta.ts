import { Volume2 } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const audioLoudnessMeta: ToolMeta = {
  id: 'audio-loudness',
  category: 'audio',
  path: '/audio/audio-loudness',
  icon: Volume2,
  updated: '2026-11-28',
  namespaces: ['audio-loudness', 'media'],
  page: () => import('./Page'),
};
