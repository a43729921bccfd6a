// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'image-converter': ['convert', 'jpg to png', 'png to jpg', 'webp', 'avif', 'gif', 'bmp', 'format', '转换', '轉換', '変換', 'umwandeln', '변환'],
};
