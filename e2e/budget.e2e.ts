import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppSession } from './support/app';

const BUDGET_GZIP_BYTES = 120 * 1024;

describe('bundle budget', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ serviceWorkers: 'block' });
  });
  afterAll(async () => {
    await app.close();
  });

  it(`the home page fetches at most ${BUDGET_GZIP_BYTES / 1024} KB of JavaScript (gzip) until the network is idle`, async () => {
    const scripts: { url: string; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    // Page requests only: the service worker's background precache is not the home page's cost.
    app.page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && !response.url().endsWith('.js')) return;
      pending.push(
        response.body().then((body) => {
          scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await app.page.goto('/', { waitUntil: 'networkidle' });
    await app.page.getByTestId('home-title').waitFor();
    await Promise.all(pending);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`home page JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.length} files`);
    for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(s.gzip / 1024).toFixed(1)} KB  ${s.url}`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
});
