// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'date-utils': ['timestamp', 'unix', 'epoch', 'time zone', 'leap year', 'ISO week', 'business days', 'age', '时间戳', '時間戳', 'タイムスタンプ', 'Zeitstempel', '타임스탬프'],
};
