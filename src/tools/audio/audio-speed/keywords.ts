// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'audio-speed': ['speed', 'tempo', 'pitch', 'slow down', '变速', '變速', 'テンポ', 'Tempo', '피치'],
};
