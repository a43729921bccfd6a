import { CalendarRange } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const momentUtilsMeta: ToolMeta = {
  id: 'moment-utils',
  category: 'date',
  path: '/date/moment-utils',
  icon: CalendarRange,
  keywords: ['moment', 'moment.js', 'date', 'format', 'locale', 'playground', '日期', '日付', 'Datum', '날짜'],
  updated: '2026-11-24',
  namespaces: ['date-playground'],
  page: () => import('./Page'),
};
