// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'image-resize': ['resize', 'scale', 'dimensions', 'width', 'height', 'lanczos', 'shrink', '缩放', '調整大小', 'リサイズ', 'Größe ändern', '크기 조정'],
};
