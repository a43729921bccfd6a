// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'image-crop': ['crop', 'cut', 'trim', 'aspect ratio', 'lossless', 'jpeg', '裁剪', '图片裁剪', '裁切', '切り抜き', 'トリミング', 'zuschneiden', 'Bild zuschneiden', '자르기', '이미지 자르기'],
};
