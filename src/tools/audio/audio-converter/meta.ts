import { FileAudio } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const audioConverterMeta: ToolMeta = {
  id: 'audio-converter',
  category: 'audio',
  path: '/audio/audio-converter',
  icon: FileAudio,
  updated: '2026-11-23',
  popular: true,
  namespaces: ['media'],
  page: () => import('./Page'),
};
