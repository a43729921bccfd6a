// CSS from an SVG (a <style> element, a style attribute) with every way out of the file taken away:
// @import, url() to anything but "#id" or embedded data, image-set(), expression(). Escapes are decoded
// and comments dropped first, so "@\69mport" or "u\rl(" cannot slip past as text the browser reads as code.

/** "#id", an embedded raster image or (for @font-face) an embedded font. */
const LOCAL_TARGET = /^(?:#|data:(?:image\/(?:png|jpe?g|gif|webp|avif)|font\/(?:woff2?|ttf|otf)|application\/(?:font-woff2?|x-font-ttf));base64,)/i;

export function isLocalReference(value: string): boolean {
  const v = value.trim();
  return v.startsWith('#') || /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,/i.test(v);
}

/** CSS escapes decoded (\69 → i, \r → r); a backslash left over (from "\5c") is dropped, so nothing decodes twice. */
function unescapeCss(css: string): string {
  return css
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?|\\([^\n\r\f0-9a-f])|\\[\n\r\f]/gi, (_all, hex: string | undefined, ch: string | undefined) => {
      if (hex) {
        const cp = parseInt(hex, 16);
        return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : '\ufffd';
      }
      return ch ?? '';
    })
    .replace(/\\/g, '');
}

const URL_FN = /url\(\s*(['"]?)([^)]*?)\1\s*\)/gi;
const IMPORT = /@import\b[^;]*;?/gi;
const IMAGE_SET = /(?:-webkit-)?image-set\([^)]*\)/gi;
const EXPRESSION = /expression\s*\(/gi;

export function cleanCss(css: string): string {
  return unescapeCss(css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ''))
    .replace(IMPORT, '')
    .replace(IMAGE_SET, 'none')
    .replace(URL_FN, (all, _q: string, target: string) => (LOCAL_TARGET.test(target.trim()) ? all : 'none'))
    .replace(EXPRESSION, '(');
}
