import { Type } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const wordCountMeta: ToolMeta = {
  id: 'word-count',
  category: 'writer',
  path: '/writer/word-count',
  icon: Type,
  keywords: ['words', 'characters', 'count', 'wc', 'reading time', '字数', '字數', '文字数', 'Wörter', '글자 수'],
  updated: '2026-11-22',
  popular: true,
  namespaces: ['word-count'],
  page: () => import('./Page'),
};
