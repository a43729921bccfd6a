// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'svg-optimizer': ['svgo', 'svgomg', 'minify', 'compress', 'optimize', '压缩', '優化', '最適化', 'optimieren', '최적화'],
};
