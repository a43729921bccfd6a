import { CaseSensitive } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const textConverterMeta: ToolMeta = {
  id: 'text-converter',
  category: 'text',
  path: '/text/text-converter',
  icon: CaseSensitive,
  keywords: ['case', 'uppercase', 'lowercase', 'camelCase', 'snake_case', 'kebab-case', 'opencc', 'simplified', 'traditional', '简体', '繁體', '大小写', '簡繁'],
  updated: '2026-11-22',
  popular: true,
  namespaces: ['text-converter'],
  page: () => import('./Page'),
};
