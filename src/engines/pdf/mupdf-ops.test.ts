import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIG_STREAM, DEBIAN_PDFS, hostilePdfs, pdfPages, pdfText, qpdfCheck, readPdf, saveTemp, scratch } from './fixtures.testing';
import { extractPages, imagesToPdf, mergePdfs, openPdf, placeImage, protectPdf, renderPages, unlockPdf } from './mupdf-ops';
import { cpuClock } from '../../lib/testing/cpuClock';

const tasn1 = readPdf(DEBIAN_PDFS.tasn1);
const mime = readPdf(DEBIAN_PDFS.mime);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('mergePdfs', () => {
  it('copies the chosen pages of each file in order, text unchanged, and qpdf finds no error', () => {
    const result = mergePdfs([
      { bytes: tasn1, name: 'tasn1.pdf', pages: '2-3' },
      { bytes: mime, name: 'mime.pdf', pages: '1,5-' },
    ]);
    const file = saveTemp('merged.pdf', result.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    expect(result.pages).toBe(2 + 1 + 13);
    expect(pdfPages(file)).toBe(16);
    expect(squash(pdfText(file, 1, 2))).toBe(squash(pdfText(DEBIAN_PDFS.tasn1, 2, 3)));
    expect(squash(pdfText(file, 3, 3))).toBe(squash(pdfText(DEBIAN_PDFS.mime, 1, 1)));
    expect(squash(pdfText(file, 4, 16))).toBe(squash(pdfText(DEBIAN_PDFS.mime, 5, 17)));
  });

  it('names the file a bad page range or a damaged input came from', () => {
    expect(() => mergePdfs([{ bytes: tasn1, name: 'a.pdf', pages: '40' }])).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesRangeInFile', params: expect.objectContaining({ file: 'a.pdf' }) }));
    const { loop } = hostilePdfs();
    expect(() => mergePdfs([{ bytes: tasn1, name: 'a.pdf', pages: '' }, { bytes: loop, name: 'loop.pdf', pages: '' }])).toThrow(expect.objectContaining({ key: 'pdf:errors.damagedPageInFile', params: { page: 1, file: 'loop.pdf' } }));
  });
});

describe('hostile input', () => {
  const hostile = hostilePdfs();
  it.each([
    ['truncated', 'pdf:errors.damaged'],
    ['zero', 'pdf:errors.empty'],
    ['notPdf', 'pdf:errors.notPdf'],
  ])('%s fails with a translated key, fast', (name, key) => {
    const cpu = cpuClock();
    expect(() => openPdf(hostile[name])).toThrow(expect.objectContaining({ key }));
    expect(cpu()).toBeLessThan(5000);
  });

  it('a page tree loop fails when its page is read', () => {
    expect(() => extractPages(openPdf(hostile.loop).doc, [0])).toThrow(expect.objectContaining({ key: 'pdf:errors.damagedPage' }));
  });

  it('a broken cross-reference table is repaired, said so, and the output passes qpdf', () => {
    const opened = openPdf(hostile.brokenXref);
    expect(opened.repaired).toBe(true);
    const file = saveTemp('repaired.pdf', extractPages(opened.doc, [0, 1]));
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    expect(squash(pdfText(file, 1, 2))).toBe(squash(pdfText(DEBIAN_PDFS.mime, 1, 2)));
  });

  it('a stream declaring 2 GB is read for what it holds', () => {
    const bytes = Uint8Array.from(BIG_STREAM, (c) => c.charCodeAt(0));
    const out = extractPages(openPdf(bytes).doc, [0]);
    expect(out.byteLength).toBeLessThan(10_000);
    expect(qpdfCheck(saveTemp('big.pdf', out))).toContain('No syntax or stream encoding errors');
  });
});

describe('protect and unlock', () => {
  it('encrypts with AES-256 that opens only with the password, and unlock gives the text back', () => {
    const locked = protectPdf(mime, 's3cret pass', { print: true, copy: true, edit: true });
    const file = saveTemp('locked.pdf', locked.bytes);
    const show = execFileSync('qpdf', ['--show-encryption', '--password=s3cret pass', file], { encoding: 'utf8' });
    expect(show).toMatch(/R = 6/);
    expect(show).toMatch(/AESv3/);
    expect(() => execFileSync('qpdf', ['--check', file], { stdio: 'pipe' })).toThrow(/invalid password/);
    expect(() => execFileSync('qpdf', ['--check', '--password=wrong', file], { stdio: 'pipe' })).toThrow(/invalid password/);
    expect(qpdfCheck(file, 's3cret pass')).toContain('No syntax or stream encoding errors');
    expect(() => openPdf(locked.bytes)).toThrow(expect.objectContaining({ key: 'pdf:errors.encrypted' }));
    expect(() => unlockPdf(locked.bytes, 'nope')).toThrow(expect.objectContaining({ key: 'pdf:errors.wrongPassword' }));
    const open = saveTemp('unlocked.pdf', unlockPdf(locked.bytes, 's3cret pass').bytes);
    expect(execFileSync('qpdf', ['--show-encryption', open], { encoding: 'utf8' })).toMatch(/File is not encrypted/);
    expect(squash(pdfText(open))).toBe(squash(pdfText(DEBIAN_PDFS.mime)));
  });

  it('refused rights are set in P and hold for the user password (random owner password)', () => {
    const file = saveTemp('restricted.pdf', protectPdf(tasn1, 'pw', { print: true, copy: false, edit: false }).bytes);
    const show = execFileSync('qpdf', ['--show-encryption', '--password=pw', file], { encoding: 'utf8' });
    expect(show).toMatch(/Supplied password is user password/);
    expect(show).not.toMatch(/Supplied password is owner password/);
    expect(show).toMatch(/extract for any purpose: not allowed/);
    expect(show).toMatch(/print high resolution: allowed/);
    expect(show).toMatch(/modify other: not allowed/);
  });

  it('unlocks a file qpdf encrypted', () => {
    const src = saveTemp('plain.pdf', mime);
    const enc = path.join(scratch(), 'qpdf-enc.pdf');
    execFileSync('qpdf', ['--encrypt', 'u', 'o', '256', '--', src, enc]);
    expect(squash(pdfText(saveTemp('qpdf-unlocked.pdf', unlockPdf(readFileSync(enc), 'u').bytes)))).toBe(squash(pdfText(DEBIAN_PDFS.mime)));
    expect(() => unlockPdf(mime, '')).toThrow(expect.objectContaining({ key: 'pdf:errors.notEncrypted' }));
    expect(() => protectPdf(mime, '', { print: true, copy: true, edit: true })).toThrow(expect.objectContaining({ key: 'pdf:errors.passwordEmpty' }));
  });

  // MuPDF's option string splits on commas; the options now go as JSON, so any password is taken whole.
  const odd = ['a,b', 'user-password=x,owner-password=y', 'Grüße, «Welt» — 密码 🔑', String.raw`"quoted" back\slash`, ' spaced ', ',', '='];
  it.each(odd)('protects and unlocks with the password %j, which qpdf takes as it is', (password) => {
    const file = saveTemp('odd-locked.pdf', protectPdf(tasn1, password, { print: true, copy: true, edit: true }).bytes);
    expect(execFileSync('qpdf', ['--show-encryption', `--password=${password}`, file], { encoding: 'utf8' })).toContain(`User password = ${password}`);
    expect(qpdfCheck(file, password)).toContain('No syntax or stream encoding errors');
    for (const part of password.split(',').filter((p) => p !== password)) expect(() => execFileSync('qpdf', ['--check', `--password=${part}`, file], { stdio: 'pipe' })).toThrow(/invalid password/);
    // qpdf decrypts (poppler's -upw refuses any password over 32 bytes, even on files qpdf encrypted).
    const decrypted = path.join(scratch(), 'odd-decrypted.pdf');
    execFileSync('qpdf', ['--decrypt', `--password=${password}`, file, decrypted]);
    expect(squash(pdfText(decrypted, 1, 2))).toBe(squash(pdfText(DEBIAN_PDFS.tasn1, 1, 2)));
    const open = saveTemp('odd-unlocked.pdf', unlockPdf(readPdf(file), password).bytes);
    expect(execFileSync('qpdf', ['--show-encryption', open], { encoding: 'utf8' })).toMatch(/File is not encrypted/);
  });

  it.each([['256', 'Grüße, Welt; 密码'], ['128', 'Gruesse, Welt=1'], ['128', 'Grüße, Welt']])('unlocks a file qpdf encrypted (%s bit) with the password %j', (bits, password) => {
    const src = saveTemp('plain.pdf', mime);
    const enc = path.join(scratch(), `qpdf-odd-${bits}.pdf`);
    execFileSync('qpdf', ['--encrypt', password, 'owner', bits, ...(bits === '128' ? ['--use-aes=y'] : []), '--', src, enc]);
    expect(() => unlockPdf(readFileSync(enc), password.split(',')[0])).toThrow(expect.objectContaining({ key: 'pdf:errors.wrongPassword' }));
    expect(squash(pdfText(saveTemp('qpdf-odd-unlocked.pdf', unlockPdf(readFileSync(enc), password).bytes)))).toBe(squash(pdfText(DEBIAN_PDFS.mime)));
  });
});

describe('imagesToPdf', () => {
  it('embeds a JPEG byte for byte and pages in order (pdfimages -all)', () => {
    const dir = scratch();
    const jpg = path.join(dir, 'photo.jpg');
    const png = path.join(dir, 'chart.png');
    execFileSync('convert', ['-size', '400x300', 'plasma:fractal', '-quality', '85', jpg]);
    execFileSync('convert', ['-size', '200x500', 'gradient:red-blue', png]);
    const result = imagesToPdf(
      [
        { bytes: readFileSync(jpg), name: 'photo.jpg' },
        { bytes: readFileSync(png), name: 'chart.png' },
      ],
      { size: 'a4', orientation: 'auto', margin: 10 },
    );
    const file = saveTemp('images.pdf', result.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    expect(pdfPages(file)).toBe(2);
    expect(execFileSync('pdfinfo', ['-f', '1', '-l', '2', file], { encoding: 'utf8' })).toMatch(/Page\s+1 size:\s+841\.89 x 595\.28[\s\S]*Page\s+2 size:\s+595\.28 x 841\.89/);
    execFileSync('pdfimages', ['-all', file, path.join(dir, 'out')]);
    const extracted = readdirSync(dir).filter((f) => f.startsWith('out-')).sort();
    expect(extracted[0]).toBe('out-000.jpg');
    expect(Buffer.compare(readFileSync(path.join(dir, 'out-000.jpg')), readFileSync(jpg))).toBe(0);
    expect(() => imagesToPdf([{ bytes: new Uint8Array(0), name: 'x.jpg' }], { size: 'fit', orientation: 'auto', margin: 0 })).toThrow(expect.objectContaining({ key: 'pdf:errors.imageUnreadable', params: { file: 'x.jpg' } }));
  });

  it('places an image inside the margins, centred, never stretched', () => {
    expect(placeImage(100, 50, { size: 'fit', orientation: 'auto', margin: 0 })).toEqual({ page: [100, 50], box: [0, 0, 100, 50] });
    const { page, box } = placeImage(1000, 1000, { size: 'letter', orientation: 'portrait', margin: 0 });
    expect(page).toEqual([612, 792]);
    expect(box).toEqual([0, 90, 612, 612]);
  });
});

describe('renderPages', () => {
  it('draws the chosen pages at the DPI pdftoppm uses, and looks like its rendering (ImageMagick RMSE)', () => {
    const [first, second] = renderPages(mime, '1,3', { dpi: 100, format: 'png', quality: 85 });
    expect([first.page, second.page]).toEqual([1, 3]);
    const dir = scratch();
    const ours = saveTemp('ours-p3.png', second.bytes);
    execFileSync('pdftoppm', ['-r', '100', '-f', '3', '-l', '3', '-png', '-singlefile', DEBIAN_PDFS.mime, path.join(dir, 'poppler-p3')]);
    const theirs = path.join(dir, 'poppler-p3.png');
    const size = (f: string) => execFileSync('identify', ['-format', '%w %h', f], { encoding: 'utf8' });
    expect(size(ours)).toBe(size(theirs));
    expect(`${second.width} ${second.height}`).toBe(size(theirs));
    // Two renderers anti-alias text differently: compared at a fifth of the size, the same page scores ~0.02,
    // a blank page 0.10 and the manual's page 5 0.12 (measured with these files).
    const small = (f: string) => {
      const out = `${f}-small.png`;
      execFileSync('convert', [f, '-resize', '20%', out]);
      return out;
    };
    const result = spawnSync('compare', ['-metric', 'RMSE', small(ours), small(theirs), 'null:'], { encoding: 'utf8' });
    const rmse = Number(/\(([\d.]+)\)/.exec(result.stderr)?.[1]);
    expect(rmse).toBeLessThan(0.04);
  });

  it('writes JPEG at the quality asked and refuses a picture too big to hold', () => {
    const [jpeg] = renderPages(tasn1, '1', { dpi: 72, format: 'jpeg', quality: 60 });
    expect([...jpeg.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(() => renderPages(tasn1, '1', { dpi: 5000, format: 'png', quality: 85 })).toThrow(expect.objectContaining({ key: 'pdf:errors.tooManyPixels', params: { page: 1 } }));
  });
});
