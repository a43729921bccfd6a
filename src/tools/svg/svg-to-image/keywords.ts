// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
const common = ['svg', 'rasterize', 'render', 'convert', '转换', '轉換', '変換', 'umwandeln', '변환'];

export const keywords: Record<string, string[]> = {
  'svg-to-png': [...common, 'png', 'transparent', '透明'],
  'svg-to-jpg': [...common, 'jpg', 'jpeg'],
};
