import { CaseSensitive } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const textConverterMeta: ToolMeta = {
  id: 'text-converter',
  category: 'text',
  path: '/text/text-converter',
  icon: CaseSensitive,
  updated: '2026-11-22',
  popular: true,
  namespaces: ['text-converter'],
  page: () => import('./Page'),
};
