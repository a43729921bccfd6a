// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'favicon-generator': ['favicon', 'ico', 'icon', 'text', 'emoji', 'logo', 'generator', '网站图标', '網站圖示', 'ファビコン', '파비콘', 'Symbol'],
};
