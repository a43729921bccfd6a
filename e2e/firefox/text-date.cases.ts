import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { foreignRequests, load, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// Firefox ESR: the text converter and the three date tools on typed input. The expected values are what the
// libraries' own documentation and OpenCC print for the same input, not read back from the app.
describe.skipIf(SKIP_FIREFOX)('Firefox ESR: text converter and date tools', { timeout: 120_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  const outputValue = () => ff.page.$eval('[data-testid="text-output"]', (el) => (el as HTMLTextAreaElement).value);

  it('text converter: Simplified to Traditional Chinese (OpenCC s2t)', async () => {
    await $.openTool('/text/text-converter');
    await $.select('[data-testid="mode"]', 's2t');
    await $.fill('[data-testid="text-input"]', '简体中文的软件和网络');
    await expect.poll(outputValue, { timeout: 30_000 }).toBe('簡體中文的軟件和網絡');
    recordWorks('firefox', 'text-converter', 'Simplified → Traditional, typed');
  });

  /** Types an expression into a playground and waits for the answer to that code. */
  const evaluate = async (code: string) => {
    await $.fill('[data-testid="text-input"]', code);
    await expect.poll(async () => (await $.attr('[data-testid="text-output"]', 'data-code')) === code && (await $.attr('[data-testid="text-output"]', 'data-status')), { timeout: 20_000 }).toBeTruthy();
    return $.text('[data-testid="result-value"]');
  };

  it('Day.js playground evaluates expressions', async () => {
    await $.openTool('/date/dayjs-utils');
    expect(await evaluate("dayjs('2024-02-29').format('LL')")).toBe('February 29, 2024');
    expect(await evaluate("dayjs('2024-01-31').add(1, 'month').format('YYYY-MM-DD')")).toBe('2024-02-29');
    expect(await evaluate("dayjs('2024-12-30').isoWeek()")).toBe('1');
    recordWorks('firefox', 'dayjs-utils', 'Day.js expressions evaluated');
  });

  it('Moment playground evaluates expressions', async () => {
    await $.openTool('/date/moment-utils');
    expect(await evaluate("moment('2024-02-29').format('LL')")).toBe('February 29, 2024');
    expect(await evaluate("moment('2024-01-01').from(moment('2024-03-01'))")).toBe('2 months ago');
    expect(await evaluate('moment.duration({ hours: 1, minutes: 30 }).asMinutes()')).toBe('90');
    recordWorks('firefox', 'moment-utils', 'Moment expressions evaluated');
  });

  it('date utils: a timestamp, a date range and a time zone', async () => {
    await $.openTool('/date/date-utils');
    await $.fill('[data-testid="text-input"]', '1709164800');
    await expect.poll(() => $.text('[data-testid="ts-iso"]')).toBe('2024-02-29T00:00:00.000Z');
    expect(await $.text('[data-testid="ts-utc"]')).toBe('2024-02-29 00:00:00 UTC');

    await $.fill('[data-testid="range-start"]', '2024-01-01');
    await $.fill('[data-testid="range-end"]', '2024-12-31');
    if (!(await ff.page.$eval('[data-testid="range-include"]', (el) => (el as HTMLInputElement).checked))) await $.click('[data-testid="range-include"]');
    await expect.poll(() => $.text('[data-testid="range-days"]')).toBe('366 days');
    expect(await $.text('[data-testid="range-business"]')).toBe('262 days');

    await $.select('[data-testid="zone-source"]', 'UTC');
    await $.fill('[data-testid="zone-datetime"]', '2024-07-01T12:00:00');
    const zoneTime = (zone: string) => $.text(`[data-testid="zone-row"][data-zone="${zone}"] [data-testid="zone-time"]`);
    await expect.poll(() => zoneTime('Europe/Berlin')).toBe('2024-07-01 14:00:00');
    expect(await zoneTime('Asia/Tokyo')).toBe('2024-07-01 21:00:00');
    recordWorks('firefox', 'date-utils', 'timestamp, range and time zones');
  });

  it('sent nothing off the origin and logged no error', () => {
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});
