// A scanned-looking PDF nobody here wrote: pictures from Debian packages (/usr/share), grown to A4 at 300 dpi with a
// little sensor-like noise (ImageMagick), stored as q90 JPEGs, put on pages by Ghostscript's viewjpeg.ps (which
// passes JPEG through). `size` = pixels across; the page is A4 scaled so the picture is at 300 dpi.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const SCAN_SOURCES = [
  '/usr/share/doc/nodejs/contributing/doc_img/compare-boxplot.png',
  '/usr/share/doc/valgrind/html/images/dh-tree.png',
  '/usr/share/info/gnupg-module-overview.png',
  '/usr/share/icons/Adwaita/512x512/devices/camera-web.png',
];

export function scannedPdf(dir: string, sources: string[], width = 2480): string {
  const height = Math.round(width * 1.4145);
  const out = path.join(dir, `scan-${sources.length}p-${width}.pdf`);
  if (existsSync(out)) return out;
  const jpegs = sources.filter(existsSync).map((src, i) => {
    const jpg = path.join(dir, `scan-${width}-${i}.jpg`);
    execFileSync('convert', [src, '-background', 'white', '-flatten', '-alpha', 'off', '-depth', '8', '-resize', `${width}x${height}`, '-gravity', 'center', '-extent', `${width}x${height}`, '-attenuate', '0.5', '+noise', 'Gaussian', '-quality', '90', jpg]);
    return jpg;
  });
  const ghostscriptLib = readdirSync('/usr/share/ghostscript').map((v) => `/usr/share/ghostscript/${v}/lib/viewjpeg.ps`).find(existsSync);
  if (!ghostscriptLib) throw new Error('Ghostscript viewjpeg.ps not found');
  const scale = 72 / 300;
  const pageW = (width * scale).toFixed(2);
  const pageH = (height * scale).toFixed(2);
  const show = jpegs.map((j) => `(${j}) viewJPEG showpage`).join(' ');
  execFileSync('gs', ['-q', '-dNOSAFER', '-sDEVICE=pdfwrite', '-o', out, ghostscriptLib, '-c', `<< /PageSize [${pageW} ${pageH}] >> setpagedevice ${scale} ${scale} scale ${show}`]);
  return out;
}
