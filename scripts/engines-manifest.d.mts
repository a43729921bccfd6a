import type { Plugin } from 'vite';

export const ENGINES_MANIFEST: string;
export function engineList(bundle: Record<string, unknown>): { id: string; auto?: boolean; when?: 'isolated' | 'notIsolated'; files: { url: string; size: number }[] }[];
export function enginesManifest(): Plugin;
export const ON_DEMAND: Record<'tools' | 'removebg' | 'pdf', string[]>;
export const ON_DEMAND_URL: RegExp;
