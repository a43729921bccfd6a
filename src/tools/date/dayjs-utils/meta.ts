import { CalendarClock } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const dayjsUtilsMeta: ToolMeta = {
  id: 'dayjs-utils',
  category: 'date',
  path: '/date/dayjs-utils',
  icon: CalendarClock,
  keywords: ['dayjs', 'day.js', 'date', 'format', 'timezone', 'playground', '日期', '日付', 'Datum', '날짜'],
  updated: '2026-11-24',
  namespaces: ['date-playground'],
  page: () => import('./Page'),
};
