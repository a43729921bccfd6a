import { WandSparkles } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const faviconGeneratorMeta: ToolMeta = {
  id: 'favicon-generator',
  category: 'favicon',
  path: '/favicon/generator',
  icon: WandSparkles,
  keywords: ['favicon', 'ico', 'icon', 'text', 'emoji', 'logo', 'generator', '网站图标', '網站圖示', 'ファビコン', '파비콘', 'Symbol'],
  updated: '2026-11-23',
  namespaces: ['favicon'],
  page: () => import('./Page'),
};
