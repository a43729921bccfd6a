// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'pdf-merge': ['merge', 'combine', 'join', 'bookmarks', '合并', 'PDF合并', '合併', '結合', 'PDF結合', 'zusammenfügen', 'PDF zusammenführen', '병합', 'PDF 합치기'],
};
