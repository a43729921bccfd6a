import type { EncodedIcons } from './encode';
import type { IconKey } from './spec';

/** A finished package in memory, with object URLs for the previews (revoked by disposeBuild). */
export interface FaviconBuild {
  /** The inputs it was made from: the page compares it with the current ones to know whether the files are up to date. */
  key: string;
  icons: EncodedIcons;
  /** favicon.svg, for vector sources. */
  svg?: string;
  /** Size of the source image, for raster sources. */
  source?: { width: number; height: number };
  urls: Record<IconKey, string> & { svg?: string };
}

/**
 * `svg` becomes favicon.svg, a file people put on their own site: it goes through the sanitiser whatever made it
 * (DOMPurify, loaded with the first vector build rather than with the page).
 */
export async function makeBuild(key: string, icons: EncodedIcons, svgText?: string, source?: { width: number; height: number }): Promise<FaviconBuild> {
  const svg = svgText === undefined ? undefined : (await import('../../../engines/svg/sanitize')).sanitizeSvg(svgText).svg;
  const urls = {} as FaviconBuild['urls'];
  for (const [key, bytes] of Object.entries(icons.pngs) as [IconKey, Uint8Array][]) {
    urls[key] = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }));
  }
  if (svg) urls.svg = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  return { key, icons, svg, source, urls };
}

export function disposeBuild(build: FaviconBuild): void {
  for (const url of Object.values(build.urls)) if (url) URL.revokeObjectURL(url);
}
