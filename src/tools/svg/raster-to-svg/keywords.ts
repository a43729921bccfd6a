// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
const common = ['trace', 'vectorize', 'vector', 'potrace', 'bitmap', '矢量化', '向量化', 'ベクター', 'vektorisieren', '벡터'];

export const keywords: Record<string, string[]> = {
  'png-to-svg': [...common, 'png', 'logo'],
  'jpg-to-svg': [...common, 'jpg', 'jpeg', 'photo'],
};
