// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'audio-trim': ['audio', 'trim', 'cut', 'wav', 'mp3', 'flac', 'fade', '音频剪切', '音訊剪下', '音声トリミング', 'Audio schneiden', '오디오 자르기'],
};
