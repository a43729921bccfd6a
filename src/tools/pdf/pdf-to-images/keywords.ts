// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'pdf-to-images': ['pdf to jpg', 'pdf to png', 'render', 'pages to images', 'pdf转图片', 'pdf轉圖片', 'PDFを画像', 'PDF in Bilder', 'PDF zu JPG', 'PDF 이미지 변환'],
};
