import { Volume2 } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const audioLoudnessMeta: ToolMeta = {
  id: 'audio-loudness',
  category: 'audio',
  path: '/audio/audio-loudness',
  icon: Volume2,
  keywords: ['loudness', 'LUFS', 'normalize', 'EBU R128', 'true peak', '响度', '響度', 'ラウドネス', 'Lautheit', '라우드니스'],
  updated: '2026-11-28',
  namespaces: ['audio-loudness', 'media'],
  page: () => import('./Page'),
};
