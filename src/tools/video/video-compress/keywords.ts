// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'video-compress': ['video', 'compress', 'mp4', 'webm', 'mov', 'avi', 'h264', 'vp9', 'shrink', 'reduce size', '视频压缩', '影片壓縮', '動画圧縮', 'Video verkleinern', '동영상 압축'],
};
