import type { EncodedIcons } from './encode';
import type { IconKey } from './spec';

/** A finished package in memory, with object URLs for the previews (revoked by disposeBuild). */
/** favicon.svg written on demand: the sanitised file, made once, the first time it is downloaded. */
export type LaterSvg = () => Promise<Blob>;

export interface FaviconBuild {
  /** The inputs it was made from: the page compares it with the current ones to know whether the files are up to date. */
  key: string;
  icons: EncodedIcons;
  /** favicon.svg, for vector sources: sanitised text, or sanitised when first written. */
  svg?: string | LaterSvg;
  /** Size of the source image, for raster sources. */
  source?: { width: number; height: number };
  urls: Record<IconKey, string> & { svg?: string };
}

const sanitised = async (text: string) => (await import('../../../engines/svg/sanitize')).sanitizeSvg(text).svg;

/** Sanitised the first time it is asked for, once. */
function later(text: string): LaterSvg {
  let made: Promise<Blob> | undefined;
  return () => (made ??= sanitised(text).then((svg) => new Blob([svg], { type: 'image/svg+xml' })));
}

/**
 * `svg` becomes favicon.svg, a file people put on their own site: it goes through the sanitiser whatever made it
 * (DOMPurify, loaded with the first vector build rather than with the page). `sanitise: 'when written'` (the
 * generator's own drawing) defers it to the first download: the page then shows the design through its PNGs and
 * loads DOMPurify only when favicon.svg is written.
 */
export async function makeBuild(
  key: string,
  icons: EncodedIcons,
  svgText?: string,
  source?: { width: number; height: number },
  sanitise: 'now' | 'when written' = 'now',
): Promise<FaviconBuild> {
  const svg = svgText === undefined ? undefined : sanitise === 'now' ? await sanitised(svgText) : later(svgText);
  const urls = {} as FaviconBuild['urls'];
  for (const [key, bytes] of Object.entries(icons.pngs) as [IconKey, Uint8Array][]) {
    urls[key] = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }));
  }
  if (typeof svg === 'string') urls.svg = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  return { key, icons, svg, source, urls };
}

export function disposeBuild(build: FaviconBuild): void {
  for (const url of Object.values(build.urls)) if (url) URL.revokeObjectURL(url);
}
