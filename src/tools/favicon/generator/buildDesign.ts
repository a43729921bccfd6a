import { designSvg, type Design, type DesignAssets } from './design';
import { fontById, fontStack, loadFont, measureEm } from './fonts';
import type { GlyphSettingsValue } from './GlyphSettings';
import type { VectorLayers } from '../shared/render';

/** Loads what the design needs (the bundled font, the icon's drawing) and returns the three SVG variants. */
export async function designLayers(g: GlyphSettingsValue, background: string): Promise<VectorLayers> {
  const font = fontById(g.font);
  const design: Design = { ...g, fontFamily: fontStack(font), fontWeight: font.weight, background };
  const assets: DesignAssets = {};
  if (g.mode === 'text') {
    assets.fontFace = await loadFont(font);
    // Shrink text that would run past the shape (e.g. "WW" in a wide face).
    const box = (512 * g.fontSize) / 100;
    const widthPx = measureEm(g.text, font) * box;
    const limit = 512 * (g.shape === 'circle' ? 0.8 : 0.9);
    if (widthPx > limit) assets.textScale = limit / widthPx;
  }
  if (g.mode === 'icon') {
    const { findIcon, loadIcons } = await import('./icons');
    await loadIcons();
    assets.iconNode = (findIcon(g.icon) ?? findIcon('star'))?.node;
  }
  return {
    normal: { svg: designSvg(design, assets, 'normal') },
    apple: { svg: designSvg(design, assets, 'fullBleed') },
    maskable: { svg: designSvg(design, assets, 'maskable') },
  };
}
