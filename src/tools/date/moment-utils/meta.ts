import { CalendarRange } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const momentUtilsMeta: ToolMeta = {
  id: 'moment-utils',
  category: 'date',
  path: '/date/moment-utils',
  icon: CalendarRange,
  updated: '2026-11-24',
  namespaces: ['date-playground'],
  page: () => import('./Page'),
};
