import type { ExampleGroup } from '../shared/examples';

export const MOMENT_EXAMPLES: ExampleGroup[] = [
  {
    id: 'parseFormat',
    items: [
      "moment('2024-02-29').add(1, 'year').format('YYYY-MM-DD')",
      "moment().format('LLLL')",
      "moment('29.02.2024', 'DD.MM.YYYY').format('dddd')",
      'moment.unix(0).utc().format()',
      "moment('2024-02-29')",
    ],
  },
  {
    id: 'manipulate',
    items: [
      "moment().startOf('week').fromNow()",
      "moment('2024-01-31').add(1, 'month').format('YYYY-MM-DD')",
      "moment('2024-03-15').endOf('month').format('LL')",
    ],
  },
  {
    id: 'query',
    items: [
      "moment('2024-12-25').diff(moment('2024-01-01'), 'days')",
      "moment('2024-02-29').isLeapYear()",
      "moment('2024-06-15').isBetween('2024-01-01', '2024-12-31')",
      "moment('2024-12-30').isoWeek()",
      "moment('2024-08-20').quarter()",
      "moment('2024-12-31').dayOfYear()",
    ],
  },
  { id: 'relative', items: ["moment('2024-01-01').from(moment('2024-03-01'))", "moment().subtract(1, 'day').calendar()"] },
  { id: 'durations', items: ["moment.duration(90, 'minutes').humanize()", 'moment.duration({ hours: 1, minutes: 30 }).asMinutes()', "moment.duration(36, 'hours')"] },
  { id: 'utc', items: ["moment.utc('2024-06-01T12:00:00Z').format('YYYY-MM-DD HH:mm [UTC]')", "moment.parseZone('2024-06-01T12:00:00+09:00').utcOffset()"] },
  {
    id: 'locales',
    items: ["moment('2024-02-29').format('LL')", "moment('2024-02-29').locale('de').format('LL')", "moment('2024-02-29').locale('ko').format('LLLL')", 'moment.locale()', 'moment.months()'],
  },
];
