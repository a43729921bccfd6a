import { ShieldCheck } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const imageMetadataMeta: ToolMeta = {
  id: 'image-metadata',
  category: 'image',
  path: '/image/image-metadata',
  icon: ShieldCheck,
  updated: '2026-11-28',
  namespaces: ['image-metadata', 'image-codecs'],
  page: () => import('./Page'),
};
