import type { LaterSvg } from './build';
import type { EncodedIcons } from './encode';
import { manifestJson, type SiteInfo } from './manifest';
import { FILE_NAMES, ICON_SIZE, PNG_FILE_KEYS } from './spec';

export interface PackageFile {
  name: string;
  /** The file, or how to write it (favicon.svg sanitised on its first download). */
  blob: Blob | LaterSvg;
  kind: 'ico' | 'png' | 'svg' | 'manifest';
  /** Pixel size of a PNG; the sizes inside an ICO. */
  size?: number;
  sizes?: number[];
}

/** The files of the favicon package, in the order they are listed and zipped. */
export function assemblePackage(icons: EncodedIcons, svg: string | LaterSvg | undefined, info: SiteInfo): PackageFile[] {
  const bytes = (b: Uint8Array) => b as Uint8Array<ArrayBuffer>;
  const files: PackageFile[] = [{ name: FILE_NAMES.ico, blob: new Blob([bytes(icons.ico)], { type: 'image/x-icon' }), kind: 'ico', sizes: [16, 32, 48] }];
  if (svg) files.push({ name: FILE_NAMES.svg, blob: typeof svg === 'string' ? new Blob([svg], { type: 'image/svg+xml' }) : svg, kind: 'svg' });
  for (const key of PNG_FILE_KEYS) {
    files.push({ name: FILE_NAMES[key], blob: new Blob([bytes(icons.pngs[key])], { type: 'image/png' }), kind: 'png', size: ICON_SIZE[key] });
  }
  files.push({ name: FILE_NAMES.manifest, blob: new Blob([manifestJson(info)], { type: 'application/manifest+json' }), kind: 'manifest' });
  return files;
}

/** The file's bytes, written now if they are written on demand. */
export const fileBlob = async (file: PackageFile): Promise<Blob> => (file.blob instanceof Blob ? file.blob : file.blob());
