// Pixels into the EPS: a PostScript `image` (RGB, 8 bits, deflated, ASCII85) placed in the page's own
// coordinates (LKbase, saved before the SVG transforms), replacing the writer's marker line. FlateDecode
// is LanguageLevel 3, so an EPS with images says so; one without stays level 2.
import { zlibSync } from 'fflate';
import { RASTER_MARK } from './marker';

/** A rendered part of the drawing: RGB rows from the top, and where it sits in points from the bottom left. */
export interface RasterImage {
  rgb: Uint8Array;
  width: number;
  height: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

const n = (v: number) => String(Math.round(v * 1000) / 1000);

/** ASCII85 (Adobe) with the ~> end marker, in lines of 64; a line never starts with %, so DSC readers skip it. */
export function ascii85(bytes: Uint8Array): string {
  const chars: string[] = [];
  for (let i = 0; i < bytes.length; i += 4) {
    const left = Math.min(4, bytes.length - i);
    let v = 0;
    for (let j = 0; j < 4; j++) v = v * 256 + (j < left ? bytes[i + j] : 0);
    if (v === 0 && left === 4) {
      chars.push('z');
      continue;
    }
    const group = new Array<string>(5);
    for (let j = 4; j >= 0; j--) {
      group[j] = String.fromCharCode(33 + (v % 85));
      v = Math.floor(v / 85);
    }
    chars.push(group.slice(0, left + 1).join(''));
  }
  const text = chars.join('');
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += 64) {
    const line = text.slice(i, i + 64);
    lines.push(line.startsWith('%') ? ` ${line}` : line);
  }
  lines.push('~>');
  return lines.join('\n');
}

function imagePs(img: RasterImage): string {
  return [
    `gsave LKbase setmatrix ${n(img.x)} ${n(img.y)} translate ${n(img.w)} ${n(img.h)} scale /DeviceRGB setcolorspace`,
    `<< /ImageType 1 /Width ${img.width} /Height ${img.height} /BitsPerComponent 8 /Decode [0 1 0 1 0 1] /ImageMatrix [${img.width} 0 0 ${-img.height} 0 ${img.height}] /DataSource currentfile /ASCII85Decode filter /FlateDecode filter >> image`,
    ascii85(zlibSync(img.rgb, { level: 9 })),
    'grestore',
  ].join('\n');
}

/** The EPS with each marker replaced by its image; a marker with no image (nothing visible, or rendering failed) goes. */
export function finishEps(eps: string, images: readonly (RasterImage | undefined)[]): string {
  const level = images.some(Boolean) ? '%%LanguageLevel: 3' : '%%LanguageLevel: 2';
  return eps
    .replace('%%LanguageLevel: 2', level)
    .split('\n')
    .map((line) => {
      if (!line.startsWith(`${RASTER_MARK} `)) return line;
      const img = images[Number(line.slice(RASTER_MARK.length + 1))];
      return img ? imagePs(img) : undefined;
    })
    .filter((line) => line !== undefined)
    .join('\n');
}
