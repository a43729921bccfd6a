import { FileStack } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const audioMergeMeta: ToolMeta = {
  id: 'audio-merge',
  category: 'audio',
  path: '/audio/audio-merge',
  icon: FileStack,
  keywords: ['merge', 'join', 'concatenate', 'crossfade', '合并', '合併', '結合', 'zusammenfügen', '합치기'],
  updated: '2026-11-28',
  namespaces: ['audio-merge', 'media'],
  page: () => import('./Page'),
};
