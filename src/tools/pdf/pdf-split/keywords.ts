// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'pdf-split': ['split', 'extract pages', 'separate', 'page range', '拆分', '分割', '提取页面', '擷取頁面', 'ページ抽出', 'teilen', 'Seiten extrahieren', '분할', '페이지 추출'],
};
