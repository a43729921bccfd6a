import { Scissors } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const audioTrimMeta: ToolMeta = {
  id: 'audio-trim',
  category: 'audio',
  path: '/audio/audio-trim',
  icon: Scissors,
  updated: '2026-11-28',
  namespaces: ['audio-trim', 'media'],
  page: () => import('./Page'),
};
