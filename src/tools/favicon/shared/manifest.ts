import { FILE_NAMES } from './spec';

export interface SiteInfo {
  name: string;
  shortName: string;
  themeColor: string;
  backgroundColor: string;
  /** Where the files will live on the site, e.g. "/" or "/static/icons/". */
  basePath: string;
}

/** "/static/icons" -> "/static/icons/"; empty -> "/". Characters that would break out of an attribute are dropped. */
export function normalizeBasePath(path: string): string {
  const clean = path.trim().replace(/["'<>\s\\`]/g, '');
  if (!clean) return '/';
  return clean.endsWith('/') ? clean : `${clean}/`;
}

/**
 * The host a base path points to when it leaves the user's own site (an absolute or protocol-relative URL, e.g.
 * from a shared link): the snippet would load the icons and the manifest from there. Null for a path on the site.
 */
export function foreignBaseHost(path: string): string | null {
  const clean = normalizeBasePath(path);
  if (!/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(clean)) return null;
  try {
    return new URL(clean, 'https://your-site.invalid/').host || clean;
  } catch {
    return clean;
  }
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface WebManifest {
  name?: string;
  short_name?: string;
  icons: ManifestIcon[];
  theme_color: string;
  background_color: string;
  display: 'standalone';
}

/** The site.webmanifest: names, colours and the Android icons (the maskable one marked as such). */
function buildManifest(info: SiteInfo): WebManifest {
  const base = normalizeBasePath(info.basePath);
  const shortName = info.shortName.trim() || info.name.trim();
  const name = info.name.trim() || shortName;
  return {
    // Without a name the keys are left out: an empty "name" is shown as a blank app name when installing.
    ...(name ? { name, short_name: shortName } : {}),
    icons: [
      { src: `${base}${FILE_NAMES.android192}`, sizes: '192x192', type: 'image/png' },
      { src: `${base}${FILE_NAMES.android512}`, sizes: '512x512', type: 'image/png' },
      { src: `${base}${FILE_NAMES.maskable512}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    theme_color: info.themeColor,
    background_color: info.backgroundColor,
    display: 'standalone',
  };
}

export function manifestJson(info: SiteInfo): string {
  return `${JSON.stringify(buildManifest(info), null, 2)}\n`;
}

/** The lines to paste into <head>. */
export function buildSnippet(info: SiteInfo, hasSvg: boolean): string {
  const base = escapeAttr(normalizeBasePath(info.basePath));
  const lines = [
    `<link rel="icon" href="${base}${FILE_NAMES.ico}" sizes="16x16 32x32 48x48">`,
    hasSvg ? `<link rel="icon" href="${base}${FILE_NAMES.svg}" type="image/svg+xml">` : '',
    `<link rel="icon" href="${base}${FILE_NAMES.png32}" type="image/png" sizes="32x32">`,
    `<link rel="icon" href="${base}${FILE_NAMES.png16}" type="image/png" sizes="16x16">`,
    `<link rel="apple-touch-icon" href="${base}${FILE_NAMES.apple180}" sizes="180x180">`,
    `<link rel="manifest" href="${base}${FILE_NAMES.manifest}">`,
    `<meta name="theme-color" content="${escapeAttr(info.themeColor)}">`,
    info.name.trim() ? `<meta name="apple-mobile-web-app-title" content="${escapeAttr(info.shortName.trim() || info.name.trim())}">` : '',
  ];
  return lines.filter(Boolean).join('\n');
}
