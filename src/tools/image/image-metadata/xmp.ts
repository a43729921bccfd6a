// XMP is RDF/XML text. Location lives in exif:GPS* properties (and the like, e.g. drone-dji:GpsLatitude), written
// either as attributes of rdf:Description or as elements; both forms are removed, the rest of the packet is kept as is.
import { latin1 } from './blocks';

const GPS_ATTRIBUTE = /\s+[A-Za-z_][\w.-]*:gps[\w.-]*\s*=\s*("[^"]*"|'[^']*')/gi;
const GPS_ELEMENT = /<([A-Za-z_][\w.-]*:gps[\w.-]*)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1\s*>)/gi;

export function xmpHasGps(xmp: string): boolean {
  GPS_ATTRIBUTE.lastIndex = 0;
  GPS_ELEMENT.lastIndex = 0;
  return GPS_ATTRIBUTE.test(xmp) || GPS_ELEMENT.test(xmp);
}

/** The packet without its GPS properties (unchanged when it had none). */
export function removeXmpGps(xmp: string): string {
  return xmp.replace(GPS_ELEMENT, '').replace(GPS_ATTRIBUTE, '');
}


/** XMP is UTF-8; editing it as Latin-1 text keeps every byte outside the removed properties exactly as it was. */
export function editXmpBytes(bytes: Uint8Array): Uint8Array | null {
  const text = latin1(bytes);
  if (!xmpHasGps(text)) return null;
  const edited = removeXmpGps(text);
  return Uint8Array.from(edited, (c) => c.charCodeAt(0));
}
