// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'image-mosaic': ['mosaic', 'pixelate', 'blur', 'censor', 'redact', 'hide face', '马赛克', '打码', '馬賽克', 'モザイク', 'ぼかし', 'verpixeln', 'Mosaik', '모자이크'],
};
