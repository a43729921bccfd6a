import { FileStack } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const audioMergeMeta: ToolMeta = {
  id: 'audio-merge',
  category: 'audio',
  path: '/audio/audio-merge',
  icon: FileStack,
  updated: '2026-11-28',
  namespaces: ['audio-merge', 'media'],
  page: () => import('./Page'),
};
