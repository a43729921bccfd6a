import type { ComponentType } from 'react';
import type { LucideIcon } from 'lucide-react';

export type CategoryId = 'image' | 'svg' | 'favicon' | 'video' | 'audio' | 'date' | 'text' | 'writer' | 'pdf';

export interface CategoryMeta {
  id: CategoryId;
  icon: LucideIcon;
  /** Tailwind classes for the category's accent (icon tint). */
  color: string;
}

/** What the registry needs of a tool, nothing more. Name and description live in common.json under tools.<id>. */
export interface ToolMeta {
  id: string;
  category: CategoryId;
  path: string;
  icon: LucideIcon;
  /** ISO date of the last notable change; feeds "recently updated". */
  updated: string;
  /** Curated: we have no analytics, so "popular" is our editorial choice. */
  popular?: boolean;
  /** i18next namespaces the page needs besides common. */
  namespaces: string[];
  page: () => Promise<{ default: ComponentType }>;
}
