import { FileAudio } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const audioConverterMeta: ToolMeta = {
  id: 'audio-converter',
  category: 'audio',
  path: '/audio/audio-converter',
  icon: FileAudio,
  keywords: ['audio', 'convert', 'mp3', 'wav', 'ogg', 'opus', 'flac', 'aac', 'm4a', 'extract audio', '音频转换', '音訊轉換', '音声変換', 'Audio umwandeln', '오디오 변환'],
  updated: '2026-11-23',
  popular: true,
  namespaces: ['media'],
  page: () => import('./Page'),
};
