// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'text-converter': ['case', 'uppercase', 'lowercase', 'camelCase', 'snake_case', 'kebab-case', 'opencc', 'simplified', 'traditional', '简体', '繁體', '大小写', '簡繁'],
};
