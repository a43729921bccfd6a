// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'pdf-compress': ['compress', 'shrink', 'reduce size', 'smaller', 'optimize', '压缩', 'PDF压缩', '壓縮', '圧縮', 'PDF圧縮', 'komprimieren', 'verkleinern', '압축', 'PDF 압축'],
};
