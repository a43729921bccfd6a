// The Hangul font the build ships (vite-plugin-fonts.mjs), loaded in the codec worker only for text that has Hangul
// and only the chunks that text needs. Systems that draw Chinese and Japanese often have no Korean font at all (Debian
// with Droid Sans Fallback: empty boxes in Chromium, Firefox and WebKit alike). The family comes after the chosen
// generic family in the font list, so a system whose sans-serif (or serif, monospace) has Hangul still uses its own.
import { EngineLoadError } from './load-error';

export const FALLBACK_FAMILY = 'Localkit Hangul';
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff]/;

interface Face {
  file: string;
  weight: number;
  range: string;
}

let registered: Promise<void> | undefined;

function fontSet(): FontFaceSet | undefined {
  return (globalThis as { fonts?: FontFaceSet }).fonts ?? (typeof document === 'object' ? document.fonts : undefined);
}

async function register(set: FontFaceSet): Promise<void> {
  const base = new URL('/fonts/hangul/', globalThis.location.origin);
  const response = await fetch(new URL('faces.json', base));
  if (!response.ok) throw new Error(`faces.json: HTTP ${response.status}`);
  const faces = (await response.json()) as Face[];
  for (const f of faces) set.add(new FontFace(FALLBACK_FAMILY, `url(${new URL(f.file, base).href}) format('woff2')`, { weight: String(f.weight), unicodeRange: f.range }));
}

/** Makes sure the glyphs `text` needs in `font` (a CSS font shorthand naming FALLBACK_FAMILY) are loaded. */
export async function loadFallbackFont(font: string, text: string): Promise<void> {
  const set = fontSet();
  if (!HANGUL.test(text) || !set || typeof FontFace !== 'function') return;
  try {
    registered ??= register(set).catch((error: unknown) => {
      registered = undefined;
      throw error;
    });
    await registered;
    const loaded = await set.load(font, text);
    if (!loaded.length) throw new Error('no face matched');
  } catch (error) {
    throw new EngineLoadError('Noto Sans KR', error);
  }
}
