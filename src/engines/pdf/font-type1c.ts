// Rewrites each embedded Type 1 font (FontFile) as CFF (FontFile3 /Type1C) when that is smaller: same glyphs, widths
// and encoding, so pages draw and extract the same. A font that cannot be read keeps its program as it was.
import * as mupdf from 'mupdf';
import { type1ToCff } from './type1-to-cff';

export function type1FontsToCff(doc: mupdf.PDFDocument): { converted: number; total: number } {
  let converted = 0;
  let total = 0;
  const done = new Map<number, mupdf.PDFObject>();
  const objects = doc.countObjects();
  for (let num = 1; num < objects; num++) {
    let descriptor: mupdf.PDFObject;
    try {
      descriptor = doc.newIndirect(num).resolve();
    } catch {
      continue;
    }
    if (!descriptor.isDictionary()) continue;
    const file = descriptor.get('FontFile');
    if (!file.isStream() || !file.isIndirect()) continue;
    const key = file.asIndirect();
    total++;
    const shared = done.get(key);
    if (shared) {
      descriptor.put('FontFile3', shared);
      descriptor.delete('FontFile');
      converted++;
      continue;
    }
    let cff: Uint8Array;
    try {
      const program = file.readStream().asUint8Array();
      cff = type1ToCff(program);
      if (cff.length >= program.length) continue;
    } catch {
      continue;
    }
    const dict = doc.newDictionary();
    dict.put('Subtype', doc.newName('Type1C'));
    const stream = doc.addStream(cff, dict);
    descriptor.put('FontFile3', stream);
    descriptor.delete('FontFile');
    done.set(key, stream);
    converted++;
  }
  return { converted, total };
}
