import { WandSparkles } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const faviconGeneratorMeta: ToolMeta = {
  id: 'favicon-generator',
  category: 'favicon',
  path: '/favicon/generator',
  icon: WandSparkles,
  updated: '2026-11-23',
  namespaces: ['favicon'],
  page: () => import('./Page'),
};
