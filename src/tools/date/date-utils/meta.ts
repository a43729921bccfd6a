import { CalendarDays } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const dateUtilsMeta: ToolMeta = {
  id: 'date-utils',
  category: 'date',
  path: '/date/date-utils',
  icon: CalendarDays,
  keywords: ['timestamp', 'unix', 'epoch', 'time zone', 'leap year', 'ISO week', 'business days', 'age', '时间戳', '時間戳', 'タイムスタンプ', 'Zeitstempel', '타임스탬프'],
  updated: '2026-11-24',
  popular: true,
  namespaces: ['date-utils'],
  page: () => import('./Page'),
};
