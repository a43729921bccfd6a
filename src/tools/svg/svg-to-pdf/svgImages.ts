// An SVG shown by <image> (data:image/svg+xml…) as a PNG the browser draws: svg2pdf embeds only raster
// images, and the sanitiser drops an SVG data URL (it allows embedded PNG, JPEG, GIF, WebP, AVIF), so the
// picture vanished from the PDF (structure/image/embedded-svg and five more suite tests). Drawn the way the
// PNG tools draw any SVG: as an image from a blob URL, which runs no script and loads nothing.
import { parseSvg } from '../../../engines/svg/parse';
import { svgPixels } from '../../../engines/svg/render';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** Device pixels per unit of the <image>'s box (the PDF's other images are drawn at 3). */
const DENSITY = 4;
const PIXEL_BUDGET = 4_000_000;

/** The SVG text a data:image/svg+xml URL holds (base64 or percent-encoded); null for anything else. */
export function svgDataUrlText(url: string): string | null {
  const m = /^\s*data:image\/svg\+xml((?:;[^,]*)?),([\s\S]*)$/i.exec(url);
  if (!m) return null;
  try {
    if (/;base64/i.test(m[1])) {
      const binary = atob(m[2].replace(/\s+/g, ''));
      return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    }
    return decodeURIComponent(m[2]);
  } catch {
    return null;
  }
}

const plain = (v: string | null) => (v !== null && /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?:px)?\s*$/i.test(v) ? parseFloat(v) : undefined);

/** Replaces each <image> that shows an SVG by a PNG of that SVG at its own proportions; returns how many. */
export async function svgImagesAsPng(root: Element): Promise<number> {
  let replaced = 0;
  for (const image of Array.from(root.getElementsByTagNameNS(SVG_NS, 'image'))) {
    const href = image.getAttribute('href') ?? image.getAttributeNS(XLINK_NS, 'href') ?? '';
    const text = svgDataUrlText(href);
    if (text === null) continue;
    try {
      const { size } = parseSvg(text);
      if (!(size.width > 0 && size.height > 0)) continue;
      const boxW = plain(image.getAttribute('width')) ?? size.width;
      const boxH = plain(image.getAttribute('height')) ?? size.height;
      let k = Math.max(1, DENSITY * Math.max(boxW / size.width, boxH / size.height));
      k = Math.min(k, Math.sqrt(PIXEL_BUDGET / (size.width * size.height)));
      const width = Math.max(1, Math.round(size.width * k));
      const height = Math.max(1, Math.round(size.height * k));
      const pixels = await svgPixels(text, width, height);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')!.putImageData(pixels, 0, 0);
      const png = canvas.toDataURL('image/png');
      // Sized as the SVG was: without width and height an <image> takes the PNG's pixel size, not the SVG's.
      if (image.getAttribute('width') === null) image.setAttribute('width', String(size.width));
      if (image.getAttribute('height') === null) image.setAttribute('height', String(size.height));
      image.removeAttributeNS(XLINK_NS, 'href');
      image.setAttribute('href', png);
      replaced++;
    } catch {
      // Not an SVG the browser can draw: left as it was (the sanitiser drops it, as the browser draws nothing).
    }
  }
  return replaced;
}
