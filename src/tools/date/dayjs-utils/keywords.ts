// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'dayjs-utils': ['dayjs', 'day.js', 'date', 'format', 'timezone', 'playground', '日期', '日付', 'Datum', '날짜'],
};
