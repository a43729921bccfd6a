// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'video-frames': ['frame', 'screenshot', 'still', 'snapshot', 'thumbnail', 'png', 'jpg', 'extract', '视频截图', '影片截圖', '動画 静止画', 'Standbild', '동영상 캡처'],
};
