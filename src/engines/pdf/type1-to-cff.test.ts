import { execFileSync } from 'node:child_process';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { DEBIAN_PDFS, readPdf, saveTemp } from './fixtures.testing';
import { type1FontsToCff } from './font-type1c';
import { runType1, toType2 } from './type1-charstring';
import { type1ToCff } from './type1-to-cff';

/** Type 1 charstring bytes from numbers and operator names (unencrypted, lenIV -1). */
function t1(...items: (number | string)[]): Uint8Array {
  const ops: Record<string, number[]> = { hsbw: [13], rmoveto: [21], rlineto: [5], hlineto: [6], closepath: [9], endchar: [14], callothersubr: [12, 16], pop: [12, 17], setcurrentpoint: [12, 33], callsubr: [10], return: [11], hstem: [1], vstem: [3], div: [12, 12], seac: [12, 6] };
  const out: number[] = [];
  for (const it of items) {
    if (typeof it === 'string') out.push(...ops[it]);
    else if (it >= -107 && it <= 107) out.push(it + 139);
    else if (it >= 108 && it <= 1131) out.push(((it - 108) >> 8) + 247, (it - 108) & 0xff);
    else throw new Error('number out of the test helper range');
  }
  return Uint8Array.from(out);
}

describe('runType1 / toType2', () => {
  it('keeps width, side bearing, stems and points; closepath is implicit in Type 2', () => {
    const g = runType1(t1(20, 500, 'hsbw', 0, 50, 'hstem', 10, 30, 'vstem', 0, 0, 'rmoveto', 100, 'hlineto', 0, 100, 'rlineto', 'closepath', 'endchar'), []);
    expect(g.width).toBe(500);
    expect(g.segments.map((s) => [s.op, s.p])).toEqual([
      ['m', [20, 0]],
      ['l', [120, 0]],
      ['l', [120, 100]],
    ]);
    // width, 0 50 hstem, (10+20) 30 vstem, 20 hmoveto, 100 hlineto, 100 vlineto, endchar
    expect([...toType2(g)]).toEqual([248, 136, 139, 189, 1, 169, 169, 3, 159, 22, 239, 6, 239, 7, 14]);
  });

  it('turns flex (othersubrs 1, 2, 0) into two curves and hint replacement (othersubr 3) into hintmasks', () => {
    const subrs = [t1(0, 0, 'rmoveto'), t1(0, 60, 'hstem', 'return'), t1(0, 80, 'hstem', 'return')];
    const flexPoint = (dx: number, dy: number) => [dx, dy, 'rmoveto', 0, 2, 'callothersubr'];
    const g = runType1(
      t1(
        0, 600, 'hsbw', 0, 60, 'hstem', 0, 0, 'rmoveto',
        0, 1, 'callothersubr',
        ...flexPoint(50, 0), ...flexPoint(-40, 0), ...flexPoint(10, 5), ...flexPoint(30, 0), ...flexPoint(10, 0), ...flexPoint(10, -5), ...flexPoint(30, 0),
        50, 100, 0, 3, 0, 'callothersubr', 'pop', 'pop', 'setcurrentpoint',
        2, 1, 3, 'callothersubr', 'pop', 'callsubr',
        0, 100, 'rlineto', 'endchar',
      ),
      subrs,
    );
    expect(g.segments.map((s) => s.op)).toEqual(['m', 'c', 'c', 'l']);
    expect(g.segments[1].p).toEqual([[10, 0], [20, 5], [50, 5]]);
    expect(g.segments[2].p).toEqual([[60, 5], [70, 0], [100, 0]]);
    expect(g.segments[3]).toMatchObject({ p: [100, 100], hints: 1 });
    const t2 = toType2(g);
    // hstemhm (18) for two stems, then hintmask (19) with one mask byte before the first point and before the line.
    expect(t2.filter((b) => b === 18)).toHaveLength(1);
    expect([...t2].flatMap((b, i) => (b === 19 ? [t2[i + 1]] : []))).toEqual([0b1000_0000, 0b0100_0000]);
  });

  it('gives an accent composite the accent origin Type 2 expects (adx + sbx - asb)', () => {
    const g = runType1(t1(30, 500, 'hsbw', 40, 100, 0, 97, 194, 'seac'), []);
    expect(g.seac).toEqual([90, 0, 97, 194]);
  });

  it('divides, and refuses unknown operators and missing subroutines', () => {
    const g = runType1(t1(0, 250, 'hsbw', 7, 2, 'div', 0, 'rmoveto', 'endchar'), []);
    expect(g.segments[0].p).toEqual([3.5, 0]);
    expect(() => runType1(Uint8Array.of(139, 139, 13, 2), [])).toThrow(/unknown operator/);
    expect(() => runType1(t1(0, 0, 'hsbw', 5, 'callsubr'), [])).toThrow(/subroutine/);
  });
});

describe('type1ToCff on the Debian manuals’ fonts', () => {
  it('writes every Type 1 font of both manuals as CFF at under half its size; poppler reads them as Type 1C', () => {
    for (const file of [DEBIAN_PDFS.tasn1, DEBIAN_PDFS.mime]) {
      const doc = mupdf.PDFDocument.openDocument(readPdf(file), 'application/pdf') as mupdf.PDFDocument;
      let before = 0;
      let after = 0;
      for (let num = 1; num < doc.countObjects(); num++) {
        const o = doc.newIndirect(num).resolve();
        if (!o.isDictionary() || !o.get('FontFile').isStream()) continue;
        const program = o.get('FontFile').readStream().asUint8Array();
        const cff = type1ToCff(program);
        expect([...cff.subarray(0, 4)]).toEqual([1, 0, 4, 4]);
        before += program.length;
        after += cff.length;
      }
      expect(after).toBeLessThan(before / 2);
      const fonts = type1FontsToCff(doc);
      expect(fonts.converted).toBe(fonts.total);
      const out = saveTemp(`cff-${fonts.total}.pdf`, doc.saveToBuffer('garbage').asUint8Array());
      const list = execFileSync('pdffonts', [out], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
      expect(list).toHaveLength(fonts.total);
      for (const line of list) expect(line).toMatch(/Type 1C\s+(Builtin|Custom)\s+yes yes/);
    }
  });

  it('refuses what is not a Type 1 program', () => {
    expect(() => type1ToCff(new TextEncoder().encode('%!PS not a font'))).toThrow();
    expect(() => type1ToCff(new Uint8Array(0))).toThrow();
  });
});
