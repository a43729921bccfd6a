import type { ExampleGroup } from '../shared/examples';

export const DAYJS_EXAMPLES: ExampleGroup[] = [
  {
    id: 'parseFormat',
    items: [
      "dayjs('2024-02-29').add(1, 'year').format('YYYY-MM-DD')",
      "dayjs().format('YYYY-MM-DD HH:mm:ss')",
      "dayjs('2024-03-15T10:30:00').format('dddd, MMMM D, YYYY h:mm A')",
      'dayjs.unix(0).toISOString()',
      "dayjs('2024-02-29')",
    ],
  },
  {
    id: 'manipulate',
    items: [
      "dayjs('2024-01-31').add(1, 'month').format('YYYY-MM-DD')",
      "dayjs().startOf('month').format('YYYY-MM-DD')",
      "dayjs('2024-03-15').subtract(2, 'week').endOf('day').format('YYYY-MM-DD HH:mm:ss.SSS')",
    ],
  },
  {
    id: 'query',
    items: [
      "dayjs('2024-12-25').diff(dayjs('2024-01-01'), 'day')",
      "dayjs('2024-02-29').isBefore(dayjs('2024-03-01'))",
      "dayjs('2024-02-01').daysInMonth()",
      "dayjs('2024-02-29').isValid()",
    ],
  },
  { id: 'utc', plugin: true, items: ["dayjs.utc('2024-06-01T12:00:00Z').format('YYYY-MM-DD HH:mm [UTC]')", "dayjs('2024-06-01T12:00:00Z').utc().hour()"] },
  {
    id: 'timezone',
    plugin: true,
    items: ["dayjs.tz('2024-03-10 12:00', 'America/New_York').format('YYYY-MM-DD HH:mm Z')", "dayjs.utc('2024-07-01T12:00:00Z').tz('Asia/Tokyo').format('YYYY-MM-DD HH:mm Z')"],
  },
  { id: 'relativeTime', plugin: true, items: ["dayjs('2024-01-01').from(dayjs('2024-03-01'))", "dayjs().subtract(3, 'hour').fromNow()"] },
  { id: 'duration', plugin: true, items: ["dayjs.duration(90, 'minutes').humanize()", "dayjs.duration(5400, 'seconds').format('HH:mm:ss')", "dayjs.duration(36, 'hours')"] },
  { id: 'isoWeek', plugin: true, items: ["dayjs('2024-12-30').isoWeek()", "dayjs('2024-03-15').startOf('isoWeek').format('YYYY-MM-DD')"] },
  { id: 'weekOfYear', plugin: true, items: ["dayjs('2024-03-15').week()"] },
  { id: 'dayOfYear', plugin: true, items: ["dayjs('2024-12-31').dayOfYear()"] },
  { id: 'advancedFormat', plugin: true, items: ["dayjs('2024-03-01').format('[Q]Q, Do, wo [week]')"] },
  { id: 'customParseFormat', plugin: true, items: ["dayjs('29/02/2024 14:30', 'DD/MM/YYYY HH:mm').format('YYYY-MM-DD HH:mm')"] },
  { id: 'localizedFormat', plugin: true, items: ["dayjs('2024-02-29').format('LL')", "dayjs('2024-02-29T18:45:00').format('LLLL')"] },
  { id: 'isBetween', plugin: true, items: ["dayjs('2024-06-15').isBetween('2024-01-01', '2024-12-31', 'day', '[]')"] },
  { id: 'quarterOfYear', plugin: true, items: ["dayjs('2024-08-20').quarter()", "dayjs('2024-08-20').startOf('quarter').format('YYYY-MM-DD')"] },
  { id: 'minMax', plugin: true, items: ["dayjs.max(dayjs('2024-01-01'), dayjs('2025-06-01'), dayjs('2023-12-31')).format('YYYY-MM-DD')"] },
  { id: 'locales', items: ["dayjs('2024-02-29').locale('ja').format('LLLL')", "dayjs('2024-02-29').locale('de').format('dddd, D. MMMM YYYY')", 'dayjs.locale()'] },
];
