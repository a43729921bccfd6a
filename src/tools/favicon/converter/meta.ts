import { FileImage } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const faviconConverterMeta: ToolMeta = {
  id: 'favicon-converter',
  category: 'favicon',
  path: '/favicon/converter',
  icon: FileImage,
  keywords: ['favicon', 'ico', 'icon', 'apple-touch-icon', 'manifest', 'png to ico', 'logo', '网站图标', '網站圖示', 'ファビコン', '파비콘'],
  updated: '2026-11-23',
  popular: true,
  namespaces: ['favicon'],
  page: () => import('./Page'),
};
