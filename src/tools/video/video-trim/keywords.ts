// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'video-trim': ['video', 'trim', 'cut', 'clip', 'lossless', 'shorten', '视频剪切', '影片剪下', '動画トリミング', 'Video schneiden', '동영상 자르기'],
};
