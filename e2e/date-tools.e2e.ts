import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForSuite, foreignRequests } from './support/app';
import { recordWorks } from './support/matrix';

/** Types an expression and waits for the debounced result (value or error) to settle on it: from the playground's worker, so it can take a moment on a busy machine. */
async function evaluate(page: Page, code: string) {
  await page.getByTestId('text-input').fill(code);
  const output = page.getByTestId('text-output');
  await expect.poll(async () => (await output.getAttribute('data-code')) === code && (await output.getAttribute('data-status')), { timeout: 10_000 }).toBeTruthy();
  return output;
}

const value = (page: Page) => page.getByTestId('result-value').innerText();
const error = (page: Page) => page.getByTestId('result-error').innerText();
const text = (page: Page, id: string) => page.getByTestId(id).innerText();

async function clickExample(page: Page, code: string) {
  await page.getByTestId('example').filter({ hasText: code }).first().click();
  await expect.poll(() => page.getByTestId('text-output').getAttribute('data-code'), { timeout: 10_000 }).toBe(code);
}

describe.each([
  { locale: 'en-US', lang: 'en' },
  { locale: 'de-DE', lang: 'de' },
])('date tools in $lang', ({ locale, lang }) => {
  const en = lang === 'en';
  const app = appForSuite({ locale, clipboard: true });

  it('runs Day.js expressions safely, in the UI language', { timeout: 120_000 }, async () => {
    const { page } = app;
    await page.goto('/date/dayjs-utils');
    // The editor starts with the first example.
    await expect.poll(() => value(page)).toBe('2025-02-28');
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);

    await evaluate(page, "dayjs('2024-02-29').format('LL')");
    expect(await value(page)).toBe(en ? 'February 29, 2024' : '29. Februar 2024');
    await evaluate(page, "dayjs('2024-12-30').isoWeek()");
    expect(await value(page)).toBe('1');
    expect(await page.getByTestId('result-kind').getAttribute('data-kind')).toBe('number');

    await evaluate(page, "dayjs.utc('2024-02-29T12:00:00Z')");
    expect(await value(page)).toBe('2024-02-29T12:00:00.000Z');
    expect(await page.getByTestId('result-kind').getAttribute('data-kind')).toBe('date');
    expect(await text(page, 'result-secondary')).toBe('2024-02-29T12:00:00+00:00');

    await clickExample(page, "dayjs.tz('2024-03-10 12:00', 'America/New_York').format('YYYY-MM-DD HH:mm Z')");
    expect(await value(page)).toBe('2024-03-10 12:00 -04:00');
    await clickExample(page, "dayjs.duration(5400, 'seconds').format('HH:mm:ss')");
    expect(await value(page)).toBe('01:30:00');

    // Escape attempts are refused with a translated reason naming the culprit; the page keeps working.
    await evaluate(page, "dayjs().constructor.constructor('document.title = \"pwned\"')()");
    expect(await error(page)).toContain('constructor');
    expect(await error(page)).toContain(en ? 'is never allowed' : 'ist nie erlaubt');
    await evaluate(page, 'dayjs() + 1');
    expect(await error(page)).toContain(en ? 'operators are not supported' : 'Operatoren werden nicht unterstützt');
    await evaluate(page, 'dayjs(`${document.title = "pwned"}`)');
    expect(await page.getByTestId('result-error').getAttribute('data-key')).toBe('date-playground:errors.construct');
    await evaluate(page, `dayjs()${'.clone()'.repeat(210)}`);
    expect(await page.getByTestId('result-error').getAttribute('data-key')).toBe('date-playground:errors.tooManyCalls');
    expect(await page.title()).not.toContain('pwned');
    expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();

    await evaluate(page, "dayjs('2024-01-31').add(1, 'month').format('YYYY-MM-DD')");
    expect(await value(page)).toBe('2024-02-29');
    await page.getByTestId('copy-result').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('2024-02-29');
    recordWorks('chromium', 'dayjs-utils', 'Day.js expressions evaluated');
  });

  it('runs Moment expressions with the locale of the UI', { timeout: 120_000 }, async () => {
    const { page } = app;
    await page.goto('/date/moment-utils');
    await expect.poll(() => value(page)).toBe('2025-02-28');
    await evaluate(page, "moment('2024-02-29').format('LL')");
    expect(await value(page)).toBe(en ? 'February 29, 2024' : '29. Februar 2024');
    await evaluate(page, 'moment.locale()');
    expect(await value(page)).toBe(lang);
    await clickExample(page, "moment('2024-02-29').locale('ko').format('LLLL')");
    expect(await value(page)).toBe('2024년 2월 29일 목요일 오전 12:00');
    await clickExample(page, 'moment.duration({ hours: 1, minutes: 30 }).asMinutes()');
    expect(await value(page)).toBe('90');
    await evaluate(page, "moment('2024-01-01').from(moment('2024-03-01'))");
    expect(await value(page)).toBe(en ? '2 months ago' : 'vor 2 Monaten');
    await evaluate(page, "moment.locale('fr')");
    expect(await page.getByTestId('result-error').getAttribute('data-key')).toBe('date-playground:errors.tooManyArgs');
    await evaluate(page, "moment().locale('__proto__')");
    expect(await page.getByTestId('result-error').getAttribute('data-key')).toBe('date-playground:errors.forbiddenName');
    recordWorks('chromium', 'moment-utils', 'Moment expressions evaluated');
  });

  // Five sections driven one after another: about 50 s on a busy 2-core machine, hence its own time limit.
  it('converts timestamps, dates, ranges and time zones', { timeout: 120_000 }, async () => {
    const { page } = app;
    await page.goto('/date/date-utils');
    // Live "now" in both units.
    // Both read in one go: they come from the same render (it ticks every 100 ms).
    await page.getByTestId('now-s').waitFor();
    const [nowMs, nowS] = await page.evaluate(() => ['now-ms', 'now-s'].map((id) => Number(document.querySelector(`[data-testid="${id}"]`)!.textContent)));
    expect(Math.abs(nowMs - Date.now())).toBeLessThan(60_000);
    expect(nowS).toBe(Math.floor(nowMs / 1000));

    await page.getByTestId('text-input').fill('1709164800');
    await expect.poll(() => text(page, 'ts-iso')).toBe('2024-02-29T00:00:00.000Z');
    expect(await text(page, 'ts-unit')).toBe(en ? 'Seconds' : 'Sekunden');
    expect(await text(page, 'ts-utc')).toBe('2024-02-29 00:00:00 UTC');
    expect(await text(page, 'ts-local')).toContain(en ? 'February 29, 2024' : '29. Februar 2024');
    await page.getByTestId('text-input').fill('-1');
    await expect.poll(() => text(page, 'ts-utc')).toBe('1969-12-31 23:59:59 UTC');
    await page.getByTestId('text-input').fill('1709164800123');
    await expect.poll(() => text(page, 'ts-iso')).toBe('2024-02-29T00:00:00.123Z');
    expect(await text(page, 'ts-unit')).toBe(en ? 'Milliseconds' : 'Millisekunden');
    await page.getByTestId('text-output').getByRole('button', { name: new RegExp(en ? 'Copy: ISO 8601' : 'Kopieren: ISO 8601') }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('2024-02-29T00:00:00.123Z');
    await page.getByTestId('text-input').fill('12abc');
    await expect.poll(() => page.getByTestId('ts-error').count()).toBe(1);

    // A time that the spring-forward skips in Berlin.
    await page.getByTestId('date-zone').selectOption('Europe/Berlin');
    await page.getByTestId('date-input').fill('2024-03-31T02:30:00');
    await expect.poll(() => text(page, 'date-seconds')).toBe(String(Date.parse('2024-03-31T01:30:00Z') / 1000));
    expect(await page.getByTestId('date-note').getAttribute('data-status')).toBe('gap');

    await page.getByTestId('cal-year').fill('2024');
    await page.getByTestId('cal-month').selectOption('2');
    await expect.poll(() => text(page, 'cal-days')).toBe('29');
    expect(await text(page, 'cal-leap')).toBe(en ? 'Yes' : 'Ja');
    expect(await text(page, 'cal-first')).toBe(en ? 'Thursday' : 'Donnerstag');
    await page.getByTestId('check-date').fill('2023-02-29');
    await expect.poll(() => page.getByTestId('check-result').getAttribute('data-valid')).toBe('false');

    await page.getByTestId('range-start').fill('2024-01-01');
    await page.getByTestId('range-end').fill('2024-12-31');
    await page.getByTestId('range-include').check();
    await expect.poll(() => text(page, 'range-days')).toBe(en ? '366 days' : '366 Tage');
    expect(await text(page, 'range-business')).toBe(en ? '262 days' : '262 Tage');
    expect(await text(page, 'range-weeks')).toBe(en ? '52 weeks and 2 days' : '52 Wochen und 2 Tage');

    await page.getByTestId('info-date').fill('2024-12-30');
    await expect.poll(() => text(page, 'info-isoweek')).toBe(en ? 'Week 1 of 2025' : 'KW 1 von 2025');
    expect(await text(page, 'info-weekday')).toBe(en ? 'Monday' : 'Montag');
    expect(await text(page, 'info-doy')).toBe(en ? '365 of 366' : '365 von 366');
    expect(await text(page, 'info-quarter')).toBe('Q4');
    await page.getByTestId('birth-date').fill('1990-05-15');
    await expect.poll(() => text(page, 'info-age')).toBe(en ? '34 years, 7 months, 15 days' : '34 Jahre, 7 Monate, 15 Tage');

    await page.getByTestId('zone-source').selectOption('UTC');
    await page.getByTestId('zone-datetime').fill('2024-07-01T12:00:00');
    const row = (zone: string) => page.locator(`[data-testid="zone-row"][data-zone="${zone}"]`);
    await expect.poll(() => row('Europe/Berlin').getByTestId('zone-time').innerText()).toBe('2024-07-01 14:00:00');
    expect(await row('Europe/Berlin').getByTestId('zone-dst').getAttribute('data-dst')).toBe('true');
    expect(await row('America/New_York').getByTestId('zone-time').innerText()).toBe('2024-07-01 08:00:00');
    expect(await row('America/New_York').getByTestId('zone-offset').innerText()).toContain('UTC−04:00');
    expect(await row('Asia/Tokyo').getByTestId('zone-time').innerText()).toBe('2024-07-01 21:00:00');
    expect(await row('Asia/Tokyo').getByTestId('zone-dst').getAttribute('data-dst')).toBe('false');
    await page.getByTestId('zone-add').selectOption('Asia/Kolkata');
    await expect.poll(() => row('Asia/Kolkata').getByTestId('zone-time').innerText()).toBe('2024-07-01 17:30:00');
    // A winter date: Berlin back on standard time.
    await page.getByTestId('zone-datetime').fill('2024-01-15T12:00:00');
    await expect.poll(() => row('Europe/Berlin').getByTestId('zone-time').innerText()).toBe('2024-01-15 13:00:00');
    expect(await row('Europe/Berlin').getByTestId('zone-dst').getAttribute('data-dst')).toBe('false');
    await row('Asia/Kolkata').getByTestId('zone-remove').click();
    await expect.poll(() => row('Asia/Kolkata').count()).toBe(0);

    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
    recordWorks('chromium', 'date-utils', 'timestamps, ranges and time zones');
  });

  it('gives time zone names a readable width from 375 to 1920 px (they were squeezed to 10–41 px, one letter per line)', async () => {
    const { page } = app;
    await page.goto('/date/date-utils');
    const row = (zone: string) => page.locator(`[data-testid="zone-row"][data-zone="${zone}"]`);
    await page.getByTestId('zone-name').first().waitFor();
    const longest = await page
      .getByTestId('zone-add')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).reduce((a, b) => (b.length > a.length ? b : a), ''));
    expect(longest.length).toBeGreaterThan(25);
    await page.getByTestId('zone-add').selectOption(longest);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 1920, height: 1080 },
      { width: 375, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      const names = await page.getByTestId('zone-name').evaluateAll((els) =>
        els.map((el) => {
          const box = el.getBoundingClientRect();
          return { text: el.textContent, width: Math.round(box.width), lines: Math.round(box.height / parseFloat(getComputedStyle(el).lineHeight)) };
        }),
      );
      expect(names.length).toBeGreaterThanOrEqual(7);
      // Wide enough for "Asia/Shanghai" on one line; a long name takes at most two lines.
      expect(names.filter((n) => n.width < 120 || n.lines > (n.text!.length > 20 ? 2 : 1)), `${viewport.width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await row(longest).getByTestId('zone-remove').click();
  });
});
