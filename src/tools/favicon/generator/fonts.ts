/// <reference types="vite/client" />
import interUrl from '@fontsource/inter/files/inter-latin-700-normal.woff2';
import jetbrainsUrl from '@fontsource/jetbrains-mono/files/jetbrains-mono-latin-700-normal.woff2';
import pacificoUrl from '@fontsource/pacifico/files/pacifico-latin-400-normal.woff2';
import robotoSlabUrl from '@fontsource/roboto-slab/files/roboto-slab-latin-700-normal.woff2';

// Bundled fonts are files of our own build (from @fontsource packages), fetched only when chosen.
// Their Latin subsets cover A–Z, digits and accents; any other character falls back to the system font.

interface FontChoice {
  id: string;
  /** Shown in the picker (font names are not translated). */
  label: string;
  /** The family name used inside our SVG and canvas; unique to avoid clashing with installed fonts. */
  family?: string;
  url?: string;
  weight: number;
  fallback: string;
}

export const FONTS: FontChoice[] = [
  { id: 'inter', label: 'Inter', family: 'LK Inter', url: interUrl, weight: 700, fallback: 'system-ui, sans-serif' },
  { id: 'roboto-slab', label: 'Roboto Slab', family: 'LK Roboto Slab', url: robotoSlabUrl, weight: 700, fallback: 'Georgia, serif' },
  { id: 'jetbrains-mono', label: 'JetBrains Mono', family: 'LK JetBrains Mono', url: jetbrainsUrl, weight: 700, fallback: 'ui-monospace, monospace' },
  { id: 'pacifico', label: 'Pacifico', family: 'LK Pacifico', url: pacificoUrl, weight: 400, fallback: 'cursive' },
  { id: 'system-sans', label: 'System sans-serif', weight: 700, fallback: 'system-ui, sans-serif' },
  { id: 'system-serif', label: 'System serif', weight: 700, fallback: 'serif' },
];

export function fontById(id: string): FontChoice {
  return FONTS.find((f) => f.id === id) ?? FONTS[0];
}

export function fontStack(font: FontChoice): string {
  return font.family ? `"${font.family}", ${font.fallback}` : font.fallback;
}

interface LoadedFont {
  family: string;
  dataUrl: string;
  weight: number;
}

const cache = new Map<string, Promise<LoadedFont>>();

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Fetches a bundled font once (same origin), registers it with the page (for measuring text) and returns it
 * as a data URL to embed in the SVG: an SVG drawn through <img> may not load any other file.
 */
export function loadFont(font: FontChoice): Promise<LoadedFont> | undefined {
  if (!font.url || !font.family) return undefined;
  let pending = cache.get(font.id);
  if (!pending) {
    const { url, family, weight } = font;
    pending = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`font ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const face = new FontFace(family, bytes, { weight: String(weight) });
      document.fonts.add(await face.load());
      return { family, weight, dataUrl: `data:font/woff2;base64,${toBase64(bytes)}` };
    })();
    pending.catch(() => cache.delete(font.id));
    cache.set(font.id, pending);
  }
  return pending;
}

/** Width of the text in em at the given font (the page's copy of it), for shrinking wide text to fit. */
export function measureEm(text: string, font: FontChoice): number {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return 0;
  ctx.font = `${font.weight} 100px ${fontStack(font)}`;
  return ctx.measureText(text).width / 100;
}
