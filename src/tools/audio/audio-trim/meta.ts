import { Scissors } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const audioTrimMeta: ToolMeta = {
  id: 'audio-trim',
  category: 'audio',
  path: '/audio/audio-trim',
  icon: Scissors,
  keywords: ['audio', 'trim', 'cut', 'wav', 'mp3', 'flac', 'fade', '音频剪切', '音訊剪下', '音声トリミング', 'Audio schneiden', '오디오 자르기'],
  updated: '2026-11-28',
  namespaces: ['audio-trim', 'media'],
  page: () => import('./Page'),
};
