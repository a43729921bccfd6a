// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'image-watermark': ['watermark', 'stamp', 'logo', 'text', 'copyright', '水印', '加水印', '浮水印', '透かし', 'ウォーターマーク', 'Wasserzeichen', '워터마크'],
};
