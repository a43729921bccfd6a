// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'moment-utils': ['moment', 'moment.js', 'date', 'format', 'locale', 'playground', '日期', '日付', 'Datum', '날짜'],
};
