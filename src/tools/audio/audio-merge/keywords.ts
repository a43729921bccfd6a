// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'audio-merge': ['merge', 'join', 'concatenate', 'crossfade', '合并', '合併', '結合', 'zusammenfügen', '합치기'],
};
