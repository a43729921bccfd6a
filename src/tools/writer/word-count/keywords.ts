// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'word-count': ['words', 'characters', 'count', 'wc', 'reading time', '字数', '字數', '文字数', 'Wörter', '글자 수'],
};
