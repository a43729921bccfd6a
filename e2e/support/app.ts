import { rmSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath, freshProfileDir } from './chromium.mjs';

export interface AppSession {
  baseURL: string;
  /** The profile folder this Chromium runs on (finds its processes). */
  userDataDir: string;
  context: BrowserContext;
  page: Page;
  /** Every URL the browser requested during the session (pages, workers, service worker). */
  requests: string[];
  /** Uncaught page errors and console errors. */
  errors: string[];
  close: () => Promise<void>;
}

export interface OpenOptions {
  locale?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  serviceWorkers?: 'allow' | 'block';
  /** Lets the page read and write the clipboard (copy buttons, share fallback). */
  clipboard?: boolean;
}

/** A fresh Chromium profile on the built app, recording every request it makes. */
export async function openApp(options: OpenOptions = {}): Promise<AppSession> {
  const baseURL = inject('baseURL');
  const userDataDir = freshProfileDir();
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    serviceWorkers: options.serviceWorkers ?? 'allow',
    acceptDownloads: true,
    permissions: options.clipboard ? ['clipboard-read', 'clipboard-write'] : [],
  });
  const requests: string[] = [];
  const errors: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const watch = (p: Page) => {
    p.on('pageerror', (e) => errors.push(`pageerror: ${e.message} ${e.stack?.split("\n").slice(1, 3).join(" ") ?? ""}`));
    p.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    baseURL,
    userDataDir,
    context,
    page,
    requests,
    errors,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Requests that left the app's origin (blob: and data: URLs never leave the tab). */
export function foreignRequests(session: AppSession): string[] {
  const origin = new URL(session.baseURL).origin;
  return session.requests.filter((u) => !u.startsWith('blob:') && !u.startsWith('data:') && new URL(u).origin !== origin);
}

/**
 * One app session for a describe block: opened before its tests, and after them checked for requests that left
 * the origin and closed. The returned object is filled in place when the session opens.
 */
export function appForSuite(options?: OpenOptions): AppSession {
  const app = {} as AppSession;
  beforeAll(async () => {
    Object.assign(app, await openApp(options));
  });
  afterAll(async () => {
    expect(foreignRequests(app)).toEqual([]);
    await app.close();
  });
  return app;
}
