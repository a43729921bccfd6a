// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'pdf-stamp': ['stamp', 'watermark', 'page numbers', 'header', 'footer', '水印', '页码', '頁碼', '透かし', 'ページ番号', 'Stempel', 'Seitenzahlen', '워터마크', '페이지 번호'],
};
