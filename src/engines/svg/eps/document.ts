// The EPS file around a drawing: DSC header with the bounding box in points, the prolog's short operators, and
// the page's base matrix saved as LKbase (raster.ts places browser-rendered parts in it).
import { psString } from '../../../lib/ps-string';
import { n } from './style';

export function epsDocument(title: string, w: number, h: number, drawing: string[]): string {
  return [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${Math.ceil(w)} ${Math.ceil(h)}`,
    `%%HiResBoundingBox: 0 0 ${n(w)} ${n(h)}`,
    // A file name: one PostScript string of printable characters (a form feed would end the comment: issue 25.3).
    `%%Title: ${psString(title)}`,
    '%%Creator: Localkit SVG to EPS',
    '%%LanguageLevel: 2',
    '%%Pages: 1',
    '%%EndComments',
    '%%BeginProlog',
    '/m {moveto} bind def /l {lineto} bind def /c {curveto} bind def /h {closepath} bind def',
    '%%EndProlog',
    '%%Page: 1 1',
    'gsave',
    '/LKbase matrix currentmatrix def',
    ...drawing,
    'grestore',
    'showpage',
    '%%EOF',
    '',
  ].join('\n');
}
