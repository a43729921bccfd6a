// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'video-speed': ['video', 'speed', 'slow motion', 'fast forward', 'timelapse', '视频变速', '影片變速', '動画速度', 'Video beschleunigen', '동영상 속도'],
};
