import { CalendarDays } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const dateUtilsMeta: ToolMeta = {
  id: 'date-utils',
  category: 'date',
  path: '/date/date-utils',
  icon: CalendarDays,
  updated: '2026-11-24',
  popular: true,
  namespaces: ['date-utils'],
  page: () => import('./Page'),
};
