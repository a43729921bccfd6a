// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'svg-to-pdf': ['svg', 'pdf', 'vector', 'print', 'a4', '转换', '轉換', '変換', 'umwandeln', '변환'],
};
