import { describe, expect, it } from 'vitest';
import { appForSuite, foreignRequests } from './support/app';
import { recordWorks } from './support/matrix';

describe('smoke', () => {
  const app = appForSuite();

  it('renders the home page with the brand and the tool list', async () => {
    await app.page.goto('/');
    await app.page.getByTestId('home-title').waitFor();
    expect(await app.page.getByTestId('home-title').textContent()).toBe('Localkit');
    expect(await app.page.locator('html').getAttribute('lang')).toBe('en');
    expect(await app.page.getByTestId('tool-card').count()).toBeGreaterThan(0);
  });

  it('counts words through the UI', async () => {
    await app.page.goto('/writer/word-count');
    await app.page.getByTestId('text-input').fill('A well-known fact, stated plainly.');
    await expect.poll(() => app.page.getByTestId('stat-words').getAttribute('data-value')).toBe('5');
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
    recordWorks('chromium', 'word-count', 'typed text counted');
  });
});
