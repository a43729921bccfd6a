// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'images-to-pdf': ['images to pdf', 'jpg to pdf', 'png to pdf', 'photos', 'scan', '图片转pdf', '圖片轉pdf', '画像をPDF', 'PDF変換', 'Bilder zu PDF', 'JPG in PDF', '이미지 PDF 변환'],
};
