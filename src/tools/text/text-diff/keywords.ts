// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'text-diff': ['diff', 'compare', 'difference', 'myers', '对比', '比較', '差分', 'Vergleich', '비교'],
};
