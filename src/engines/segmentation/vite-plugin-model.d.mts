import type { Plugin } from 'vite';

export function modelDir(): string;
export function modelFiles(): { files: Map<string, string>; resources: Record<string, unknown> };
export function backgroundRemovalModel(): Plugin;
