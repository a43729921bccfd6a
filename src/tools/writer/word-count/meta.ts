import { Type } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const wordCountMeta: ToolMeta = {
  id: 'word-count',
  category: 'writer',
  path: '/writer/word-count',
  icon: Type,
  updated: '2026-11-22',
  popular: true,
  namespaces: ['word-count'],
  page: () => import('./Page'),
};
