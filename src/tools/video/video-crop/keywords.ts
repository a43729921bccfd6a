// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'video-crop': ['video', 'crop', 'rotate', 'flip', 'resize', 'scale', 'portrait', 'vertical', '视频裁剪', '视频旋转', '影片裁切', '影片旋轉', '動画切り抜き', '動画回転', 'Video zuschneiden', 'Video drehen', '동영상 자르기', '동영상 회전'],
};
