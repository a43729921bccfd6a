// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'image-rotate': ['rotate', 'flip', 'mirror', 'orientation', 'lossless', 'jpeg', '旋转', '翻转', '旋轉', '翻轉', '回転', '反転', 'drehen', 'spiegeln', '회전', '뒤집기'],
};
