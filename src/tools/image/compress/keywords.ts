// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'image-compress': ['compress', 'optimize', 'shrink', 'jpeg', 'jpg', 'png', 'webp', 'avif', 'mozjpeg', 'oxipng', 'squoosh', '压缩', '壓縮', '圧縮', 'komprimieren', '압축'],
};
