import type { Plugin } from 'vite';

export const NOTICES_FILE: string;
export function packageDirOf(id: string): string | null;
export function noticesText(dirs: string[]): string;
export function thirdPartyNotices(): { app: Plugin; worker: () => Plugin };
