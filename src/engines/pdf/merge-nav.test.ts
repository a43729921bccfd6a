import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEBIAN_PDFS, qpdfCheck, readPdf, saveTemp, scratch } from './fixtures.testing';
import { mergePdfs } from './mupdf-ops';

const tasn1 = readPdf(DEBIAN_PDFS.tasn1);
const mime = readPdf(DEBIAN_PDFS.mime);

type QpdfDest = (string | number | null)[] | { '/D': (string | number | null)[] } | null;
interface QpdfOutline { title: string; dest: QpdfDest; kids: QpdfOutline[] }
/** qpdf's view of the bookmarks: [title, 1-based page, view (e.g. /XYZ 90 720 null)] in reading order. */
function outlines(file: string): { tree: QpdfOutline[]; flat: (items: QpdfOutline[], shift?: number) => [string, number, string][] } {
  const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=outlines', '--json-key=pages', file], { encoding: 'utf8' })) as { outlines: QpdfOutline[]; pages: { object: string }[] };
  const pageOf = new Map(json.pages.map((p, i) => [p.object, i + 1]));
  const flat = (items: QpdfOutline[], shift = 0): [string, number, string][] =>
    items.flatMap((item) => {
      const dest = Array.isArray(item.dest) ? item.dest : item.dest?.['/D'] ?? [];
      return [[item.title, (pageOf.get(String(dest[0])) ?? NaN) + shift, dest.slice(1).join(' ')] as [string, number, string], ...flat(item.kids, shift)];
    });
  return { tree: json.outlines, flat };
}
/** pdfinfo -dests: name → 1-based page. */
const dests = (file: string) => new Map(execFileSync('pdfinfo', ['-dests', file], { encoding: 'latin1' }).split('\n').slice(1).flatMap((line) => {
  const m = /^\s*(\d+)\s+\[.*\]\s+"(.*)"$/.exec(line);
  return m ? [[m[2], Number(m[1])] as [string, number]] : [];
}));
type Json = Record<string, unknown>;
const qpdfJson = (file: string, ...keys: string[]) => JSON.parse(execFileSync('qpdf', ['--json', ...keys.map((k) => `--json-key=${k}`), file], { encoding: 'utf8', maxBuffer: 1 << 26 })) as Json;
/** qpdf's page label dictionary of each page, St being that page's own number. */
const labels = (file: string) => (qpdfJson(file, 'pages').pages as { label: unknown }[]).map((p) => p.label);

/** Every link annotation as qpdf reads it: [page, rect, where it goes (a page and view, resolved by pdfinfo -dests for a
 * name, or a URI)]. */
function links(file: string, shift = 0): unknown[][] {
  const json = qpdfJson(file, 'qpdf', 'pages');
  const objects = (json.qpdf as Json[])[1] as Record<string, { value?: Json }>;
  const pages = (json.pages as { object: string }[]).map((p) => p.object);
  const named = new Map(execFileSync('pdfinfo', ['-dests', file], { encoding: 'latin1' }).split('\n').flatMap((line) => {
    const m = /^\s*(\d+)\s+\[\s*(.*?)\s*\]\s+"(.*)"$/.exec(line);
    return m ? [[m[3], `${Number(m[1]) + shift} ${m[2].replace(/\s+/g, ' ')}`] as [string, string]] : [];
  }));
  const value = (ref: unknown) => (typeof ref === 'string' && objects[`obj:${ref}`]?.value) || ref;
  const target = (dest: unknown): string => {
    if (typeof dest === 'string') return named.get(dest.slice(2)) ?? `missing ${dest}`;
    const d = value(dest);
    if (Array.isArray(d)) return `${pages.indexOf(String(d[0])) + 1 + shift} ${d.slice(1).map((x) => (x === null ? 'null' : String(x).replace(/^\//, ''))).join(' ')}`;
    return `odd ${JSON.stringify(d)}`;
  };
  return pages.flatMap((ref, i) => {
    const annots = value((value(ref) as Json)['/Annots']);
    if (!Array.isArray(annots)) return [];
    return annots.flatMap((a) => {
      const link = value(a) as Json;
      if (link['/Subtype'] !== '/Link') return [];
      const action = value(link['/A']) as Json | undefined;
      const to = link['/Dest'] !== undefined ? target(link['/Dest']) : action?.['/S'] === '/GoTo' ? target(action['/D']) : String(action?.['/URI']);
      return [[i + 1 + shift, (link['/Rect'] as number[]).map((n) => n.toFixed(2)).join(' '), to]];
    });
  });
}

describe('merge keeps navigation', () => {
  const result = mergePdfs([
    { bytes: tasn1, name: 'libtasn1.pdf', pages: '' },
    { bytes: mime, name: 'mime spec – 2.pdf', pages: '' },
  ]);
  const file = saveTemp('merged-nav.pdf', result.bytes);

  it('nests each input outline under its file name, every entry on its page shifted by the pages before it', () => {
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    const merged = outlines(file);
    expect(merged.tree.map((i) => i.title)).toEqual(['libtasn1.pdf', 'mime spec – 2.pdf']);
    expect(merged.flat(merged.tree.map((i) => ({ ...i, kids: [] })))).toEqual([['libtasn1.pdf', 1, '/Fit'], ['mime spec – 2.pdf', 37, '/Fit']]);
    const a = outlines(DEBIAN_PDFS.tasn1);
    const b = outlines(DEBIAN_PDFS.mime);
    expect(a.flat(a.tree).length).toBeGreaterThan(10);
    expect(merged.flat(merged.tree[0].kids)).toEqual(a.flat(a.tree));
    expect(merged.flat(merged.tree[1].kids)).toEqual(b.flat(b.tree, 36));
  });

  it('keeps every named destination on its page (pdfinfo -dests), names the two files share made distinct', () => {
    const merged = dests(file);
    const a = dests(DEBIAN_PDFS.tasn1);
    const b = dests(DEBIAN_PDFS.mime);
    for (const [name, page] of a) expect(merged.get(name)).toBe(page);
    for (const [name, page] of b) expect(a.has(name) ? merged.get(`${name}-2`) : merged.get(name)).toBe(page + 36);
    expect(merged.size).toBe(a.size + b.size);
  });

  it('keeps the links, each on its page and going where it went (qpdf objects, names resolved by pdfinfo)', () => {
    const a = links(DEBIAN_PDFS.tasn1);
    const b = links(DEBIAN_PDFS.mime, 36);
    expect(a.length).toBeGreaterThan(50);
    expect(a.some((l) => String(l[2]).startsWith('u:mailto:'))).toBe(true);
    expect([...a, ...b].filter((l) => /missing|odd|undefined|NaN/.test(String(l[2])))).toEqual([]);
    expect(links(file)).toEqual([...a, ...b]);
  });

  it('keeps page labels: each page its label from its own file (qpdf)', () => {
    expect(labels(file)).toEqual([...labels(DEBIAN_PDFS.tasn1), ...labels(DEBIAN_PDFS.mime)]);
  });
});

describe('merge of chosen pages', () => {
  it('keeps only what points at kept pages; a file taken twice gets its names suffixed; flat outlines on request', () => {
    const result = mergePdfs(
      [
        { bytes: tasn1, name: 'a.pdf', pages: '5-8' },
        { bytes: tasn1, name: 'b.pdf', pages: '1-4' },
      ],
      { nestOutlines: false },
    );
    const file = saveTemp('merged-part.pdf', result.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    const merged = outlines(file);
    const source = outlines(DEBIAN_PDFS.tasn1);
    const kept = (shift: number, first: number, last: number) => source.flat(source.tree).filter(([, p]) => p >= first && p <= last).map(([t, p, v]) => [t, p + shift, v]);
    // Bookmarks whose page is gone are dropped (none of tasn1's has kids on other pages than its own).
    expect(merged.flat(merged.tree)).toEqual([...kept(-4, 5, 8), ...kept(4, 1, 4)]);
    const names = dests(file);
    const all = dests(DEBIAN_PDFS.tasn1);
    for (const [name, page] of all) {
      if (page >= 5 && page <= 8) expect(names.get(name)).toBe(page - 4);
      else if (page <= 4) expect(names.get(`${name}-2`) ?? names.get(name)).toBe(page + 4);
      else expect(names.has(name)).toBe(false);
    }
    const wanted = links(DEBIAN_PDFS.tasn1).filter((l) => (l[0] as number) <= 8);
    const got = links(file);
    expect(got.every((l) => !/missing|odd|NaN/.test(String(l[2])))).toBe(true);
    // Every link kept is one of the source's, on its page; the links to dropped pages are gone.
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThanOrEqual(wanted.length);
    expect(labels(file)).toEqual([...labels(DEBIAN_PDFS.tasn1).slice(4, 8), ...labels(DEBIAN_PDFS.tasn1).slice(0, 4)]);
  });

  it('a bookmark loop and a name tree loop are cut short, the merge still passes qpdf', () => {
    const loop = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R /Outlines 4 0 R /Names << /Dests 7 0 R >> >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
4 0 obj << /Type /Outlines /First 5 0 R /Last 6 0 R /Count 2 >> endobj
5 0 obj << /Title (One) /Parent 4 0 R /Next 6 0 R /Dest [3 0 R /Fit] /First 5 0 R >> endobj
6 0 obj << /Title (Two) /Parent 4 0 R /Next 5 0 R /Dest (here) >> endobj
7 0 obj << /Kids [7 0 R 8 0 R] >> endobj
8 0 obj << /Names [(here) [3 0 R /XYZ 0 200 0]] >> endobj
trailer << /Root 1 0 R /Size 9 >>
%%EOF
`;
    const bytes = Uint8Array.from(loop, (c) => c.charCodeAt(0));
    const result = mergePdfs([{ bytes, name: 'loop.pdf', pages: '' }], { nestOutlines: false });
    const file = saveTemp('merged-loop.pdf', result.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    const merged = outlines(file);
    expect(merged.flat(merged.tree)).toEqual([['One', 1, '/Fit'], ['Two', 1, '/XYZ 0 200 0']]);
  });
});

describe('inputs without navigation', () => {
  it('merges files with no outline, names or labels (qpdf output) and adds only the file entries', () => {
    const plain = saveTemp('plain-in.pdf', mime);
    const bare = `${scratch()}/bare.pdf`;
    execFileSync('qpdf', ['--empty', '--pages', plain, '1-2', '--', bare]);
    const result = mergePdfs([{ bytes: readPdf(bare), name: 'bare.pdf', pages: '' }, { bytes: readPdf(bare), name: 'again.pdf', pages: '2' }]);
    const file = saveTemp('merged-bare.pdf', result.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    const merged = outlines(file);
    expect(merged.flat(merged.tree)).toEqual([['bare.pdf', 1, '/Fit'], ['again.pdf', 3, '/Fit']]);
    expect(dests(file).size).toBe(0);
  });
});
