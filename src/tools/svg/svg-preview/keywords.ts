// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'svg-preview': ['svg', 'viewer', 'editor', 'preview', 'code', '预览', '預覽', 'プレビュー', 'Vorschau', '미리보기'],
};
