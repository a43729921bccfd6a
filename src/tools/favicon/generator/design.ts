import { MASKABLE_CONTENT } from '../shared/spec';

export type GlyphMode = 'text' | 'emoji' | 'icon';
export const GLYPH_MODES: GlyphMode[] = ['text', 'emoji', 'icon'];
export type Shape = 'square' | 'circle' | 'rounded';
export const SHAPES: Shape[] = ['square', 'rounded', 'circle'];

export interface Design {
  mode: GlyphMode;
  text: string;
  emoji: string;
  /** A lucide icon name, e.g. "rocket". */
  icon: string;
  /** CSS font-family list for the text (a bundled face first). */
  fontFamily: string;
  fontWeight: number;
  /** Glyph size as a percentage of the icon's side. */
  fontSize: number;
  fontColor: string;
  background: string;
  shape: Shape;
}

/** lucide's icon data: [tag, attributes] pairs on a 24 × 24 grid, stroked. */
export type IconNode = Array<[string, Record<string, string | number>]>;

export interface DesignAssets {
  iconNode?: IconNode;
  /** The bundled font embedded in the SVG, so favicon.svg looks the same everywhere. */
  fontFace?: { family: string; dataUrl: string; weight: number };
  /** < 1 when the text was measured wider than the icon allows. */
  textScale?: number;
}

/** normal: the icon with its shape; fullBleed: a full square (apple-touch-icon); maskable: full square, glyph inside the safe zone. */
type Variant = 'normal' | 'fullBleed' | 'maskable';

const SIZE = 512;
const C = SIZE / 2;
export const EMOJI_FONTS = `"Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji","Twemoji Mozilla",sans-serif`;
const ICON_TAGS = new Set(['path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse']);
const ICON_ATTRS = /^(d|cx|cy|r|rx|ry|x|y|x1|x2|y1|y2|width|height|points)$/;

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;

/** The seed's rule for text: one or two characters (as people count them), not blank. */
export function validateText(text: string): 'empty' | 'tooLong' | null {
  if (!text.trim()) return 'empty';
  return graphemes(text) > 2 ? 'tooLong' : null;
}

/** Exactly one emoji (a flag, a skin tone or a ZWJ sequence counts as one). */
export function isSingleEmoji(value: string): boolean {
  return graphemes(value) === 1 && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(value);
}

function shapeMarkup(shape: Shape, fill: string): string {
  if (shape === 'circle') return `<circle cx="${C}" cy="${C}" r="${C}" fill="${escapeXml(fill)}"/>`;
  if (shape === 'rounded') return `<rect width="${SIZE}" height="${SIZE}" rx="${SIZE * 0.1875}" fill="${escapeXml(fill)}"/>`;
  return `<rect width="${SIZE}" height="${SIZE}" fill="${escapeXml(fill)}"/>`;
}

function iconMarkup(node: IconNode, box: number, color: string): string {
  const children = node
    .filter(([tag]) => ICON_TAGS.has(tag))
    .map(([tag, attrs]) => {
      const list = Object.entries(attrs)
        .filter(([k]) => ICON_ATTRS.test(k))
        .map(([k, v]) => `${k}="${escapeXml(String(v))}"`)
        .join(' ');
      return `<${tag} ${list}/>`;
    })
    .join('');
  const k = box / 24;
  const o = C - box / 2;
  return `<g transform="translate(${o} ${o}) scale(${k})" fill="none" stroke="${escapeXml(color)}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${children}</g>`;
}

function textMarkup(text: string, family: string, weight: number, px: number, color: string): string {
  // Latin capitals and digits centre best on their cap height; other scripts and emoji on the em box.
  const latin = /^[\x20-\x7e]+$/.test(text);
  const position = latin ? `y="${C}" dy="0.35em"` : `y="${C}" dominant-baseline="central"`;
  return `<text x="${C}" ${position} text-anchor="middle" font-family="${escapeXml(family)}" font-weight="${weight}" font-size="${px.toFixed(1)}" fill="${escapeXml(color)}">${escapeXml(text)}</text>`;
}

/** The generated icon as a self-contained 512 × 512 SVG (the source of favicon.svg and of every PNG). */
export function designSvg(design: Design, assets: DesignAssets, variant: Variant = 'normal'): string {
  const box = (SIZE * Math.min(100, Math.max(10, design.fontSize))) / 100;
  const scale = variant === 'maskable' ? Math.min(1, (SIZE * MASKABLE_CONTENT) / box) : 1;
  let glyph = '';
  if (design.mode === 'icon' && assets.iconNode) glyph = iconMarkup(assets.iconNode, box, design.fontColor);
  else if (design.mode === 'emoji') glyph = textMarkup(design.emoji, EMOJI_FONTS, 400, box * 0.85, design.fontColor);
  else if (design.mode === 'text') glyph = textMarkup(design.text, design.fontFamily, design.fontWeight, box * (assets.textScale ?? 1), design.fontColor);
  if (scale < 1) glyph = `<g transform="translate(${C} ${C}) scale(${scale.toFixed(4)}) translate(${-C} ${-C})">${glyph}</g>`;
  const font =
    design.mode === 'text' && assets.fontFace
      ? `<defs><style>@font-face{font-family:"${assets.fontFace.family}";src:url(${assets.fontFace.dataUrl}) format("woff2");font-weight:${assets.fontFace.weight};}</style></defs>`
      : '';
  const shape = shapeMarkup(variant === 'normal' ? design.shape : 'square', design.background);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${font}${shape}${glyph}</svg>`;
}
