// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'audio-loudness': ['loudness', 'LUFS', 'normalize', 'EBU R128', 'true peak', '响度', '響度', 'ラウドネス', 'Lautheit', '라우드니스'],
};
