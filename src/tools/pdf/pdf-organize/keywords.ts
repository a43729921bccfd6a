// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'pdf-organize': ['organize', 'reorder', 'rotate', 'delete pages', 'sort', '整理', '页面排序', '頁面排序', '並べ替え', 'ページ整理', 'Seiten ordnen', 'sortieren', '페이지 정리', '순서 변경'],
};
