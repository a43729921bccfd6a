import { CalendarClock } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const dayjsUtilsMeta: ToolMeta = {
  id: 'dayjs-utils',
  category: 'date',
  path: '/date/dayjs-utils',
  icon: CalendarClock,
  updated: '2026-11-24',
  namespaces: ['date-playground'],
  page: () => import('./Page'),
};
