import type { EncodedIcons } from './encode';
import { manifestJson, type SiteInfo } from './manifest';
import { FILE_NAMES, ICON_SIZE, PNG_FILE_KEYS } from './spec';

export interface PackageFile {
  name: string;
  blob: Blob;
  kind: 'ico' | 'png' | 'svg' | 'manifest';
  /** Pixel size of a PNG; the sizes inside an ICO. */
  size?: number;
  sizes?: number[];
}

/** The files of the favicon package, in the order they are listed and zipped. */
export function assemblePackage(icons: EncodedIcons, svg: string | undefined, info: SiteInfo): PackageFile[] {
  const bytes = (b: Uint8Array) => b as Uint8Array<ArrayBuffer>;
  const files: PackageFile[] = [{ name: FILE_NAMES.ico, blob: new Blob([bytes(icons.ico)], { type: 'image/x-icon' }), kind: 'ico', sizes: [16, 32, 48] }];
  if (svg) files.push({ name: FILE_NAMES.svg, blob: new Blob([svg], { type: 'image/svg+xml' }), kind: 'svg' });
  for (const key of PNG_FILE_KEYS) {
    files.push({ name: FILE_NAMES[key], blob: new Blob([bytes(icons.pngs[key])], { type: 'image/png' }), kind: 'png', size: ICON_SIZE[key] });
  }
  files.push({ name: FILE_NAMES.manifest, blob: new Blob([manifestJson(info)], { type: 'application/manifest+json' }), kind: 'manifest' });
  return files;
}
