// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'video-to-gif': ['gif', 'animated', 'webp', 'animation', 'meme', 'clip', 'loop', '视频转GIF', '影片轉GIF', '動画 GIF', 'GIF erstellen', '동영상 GIF'],
};
