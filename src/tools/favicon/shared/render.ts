import { loadSvgImage } from '../../../engines/svg/render';
import type { Pixels } from '../../../engines/codecs/pixels';
import { ICON_KEYS, ICON_SIZE, MASKABLE_CONTENT, type IconImages, type IconKey } from './spec';
import { sizedSvg } from './svg';

/** One square SVG drawn into an icon: optionally on a background colour, optionally scaled into a centred box. */
interface Layer {
  svg: string;
  background?: string;
  contentScale?: number;
}

export interface VectorLayers {
  /** The icon as it is: 16, 32, 48, 192 and 512 px. */
  normal: Layer;
  /** apple-touch-icon: must be opaque. */
  apple: Layer;
  /** The maskable icon: full-bleed background, content in the safe zone. */
  maskable: Layer;
}

/** Rasterizes a layer at size × size. The SVG is sized to its box first, so the browser draws the vector at that size. */
async function renderLayer(layer: Layer, size: number): Promise<Pixels> {
  const content = Math.round(size * (layer.contentScale ?? 1));
  const { img, release } = await loadSvgImage(sizedSvg(layer.svg, content));
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  try {
    if (!ctx) throw new Error('no 2d context');
    if (layer.background) {
      ctx.fillStyle = layer.background;
      ctx.fillRect(0, 0, size, size);
    }
    const offset = Math.floor((size - content) / 2);
    ctx.drawImage(img, offset, offset, content, content);
  } finally {
    release();
  }
  const { data } = ctx.getImageData(0, 0, size, size);
  return { width: size, height: size, data };
}

const LAYER_OF: Record<IconKey, keyof VectorLayers> = {
  png16: 'normal',
  png32: 'normal',
  png48: 'normal',
  apple180: 'apple',
  android192: 'normal',
  android512: 'normal',
  maskable512: 'maskable',
};

/** Every icon drawn straight from the vector at its own size (sharper than resampling a large raster). */
export async function renderIconSet(layers: VectorLayers, signal?: AbortSignal): Promise<IconImages> {
  const images = {} as IconImages;
  for (const key of ICON_KEYS) {
    signal?.throwIfAborted();
    images[key] = await renderLayer(layers[LAYER_OF[key]], ICON_SIZE[key]);
  }
  return images;
}

/** The three layers for an SVG someone brought: the square SVG, on the background for the opaque and maskable icons. */
export function layersForSvg(squareSvg: string, background: string): VectorLayers {
  return {
    normal: { svg: squareSvg },
    apple: { svg: squareSvg, background },
    maskable: { svg: squareSvg, background, contentScale: MASKABLE_CONTENT },
  };
}
