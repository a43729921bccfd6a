// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'image-removebg': ['background', 'remove background', 'cut out', 'transparent', 'AI', '抠图', '去背景', '去背', '背景削除', '切り抜き', 'Hintergrund entfernen', 'Freistellen', '배경 제거', '누끼'],
};
