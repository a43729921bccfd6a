// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'video-merge': ['video', 'merge', 'join', 'concatenate', 'combine', 'lossless', '视频合并', '影片合併', '動画結合', 'Video zusammenfügen', '동영상 합치기'],
};
