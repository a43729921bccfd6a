// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'audio-converter': ['audio', 'convert', 'mp3', 'wav', 'ogg', 'opus', 'flac', 'aac', 'm4a', 'extract audio', '音频转换', '音訊轉換', '音声変換', 'Audio umwandeln', '오디오 변환'],
};
