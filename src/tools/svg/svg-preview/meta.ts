import { Code } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const svgPreviewMeta: ToolMeta = {
  id: 'svg-preview',
  category: 'svg',
  path: '/svg/svg-preview',
  icon: Code,
  keywords: ['svg', 'viewer', 'editor', 'preview', 'code', '预览', '預覽', 'プレビュー', 'Vorschau', '미리보기'],
  updated: '2026-11-23',
  popular: true,
  namespaces: ['svg-tools'],
  page: () => import('./Page'),
};
