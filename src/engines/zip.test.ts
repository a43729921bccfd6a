import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createZip } from './zip';

describe('createZip', () => {
  it('writes a ZIP that unzips to the same files, deflating text and storing images', async () => {
    const text = 'subtitle line\n'.repeat(500);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    const progress: number[] = [];
    const zip = await createZip(
      [
        { name: 'episode-01.srt', blob: new Blob([text]) },
        { name: 'pic.png', blob: new Blob([png]) },
        { name: '中文.txt', blob: new Blob(['繁體']) },
      ],
      (done) => progress.push(done),
    );
    const bytes = new Uint8Array(await zip.arrayBuffer());
    expect(bytes[0]).toBe(0x50); // "PK"
    expect(bytes[1]).toBe(0x4b);
    expect(zip.size).toBeLessThan(text.length); // the text was compressed
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(['episode-01.srt', 'pic.png', '中文.txt']);
    expect(strFromU8(files['episode-01.srt'])).toBe(text);
    expect(Array.from(files['pic.png'])).toEqual(Array.from(png));
    expect(strFromU8(files['中文.txt'])).toBe('繁體');
    expect(progress).toEqual([1, 2, 3]);
  });
});

/** The entry names as tools we did not write read them from the archive's bytes. */
function listWithOtherTools(zip: Uint8Array): { unzip: string[]; python: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'zip-names-'));
  try {
    const file = join(dir, 'out.zip');
    writeFileSync(file, zip);
    // -Z1: one raw name per line, as stored in the central directory.
    const env = { ...process.env, LC_ALL: 'C.UTF-8' };
    const unzip = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8', env }).split('\n').filter(Boolean);
    const python = JSON.parse(execFileSync('python3', ['-c', 'import json,sys,zipfile; print(json.dumps(zipfile.ZipFile(sys.argv[1]).namelist()))', file], { encoding: 'utf8' })) as string[];
    // And unpacked for real: every file lands inside the folder, nothing above it.
    const out = join(dir, 'x');
    execFileSync('unzip', ['-q', file, '-d', out], { env });
    expect(readdirSync(dir).sort()).toEqual(['out.zip', 'x']);
    expect(readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length).toBe(unzip.length);
    return { unzip, python };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('ZIP entry names', () => {
  const hostile = [
    '..\\..\\evil.webp',
    '../../etc/passwd.txt',
    '/abs/root.png',
    'line\nbreak\r.txt',
    'report\u202Egnp.exe',
    'iso\u2066late\u2069d.txt',
    'CON',
    'con.txt',
    'Lpt9.tar.gz',
    'COM1.webp',
    'trailing. . .',
    'dots...',
    'a?b*c:d"e<f>g|h.txt',
    'x'.repeat(300) + '.webp',
    '字'.repeat(200) + '.png',
    'same.txt',
    'SAME.txt',
    'same?.txt',
    'same*.txt',
    '..',
    '',
    '中文 名字.txt',
  ];

  it('writes only plain, safe, unique names, as unzip and Python read them', { timeout: 30_000 }, async () => {
    const zip = await createZip(hostile.map((name, i) => ({ name, blob: new Blob([`file ${i}`]) })));
    const { unzip, python } = listWithOtherTools(new Uint8Array(await zip.arrayBuffer()));
    expect(python).toEqual(unzip);
    expect(python).toHaveLength(hostile.length);
    expect(new Set(python.map((n) => n.toLowerCase())).size).toBe(hostile.length);
    for (const name of python) {
      expect(name).not.toMatch(/[/\\]/);
      expect(name).not.toMatch(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u);
      expect(name).not.toMatch(/[<>:"|?*]/);
      expect(name).not.toMatch(/[. ]$/);
      expect(name).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i);
      expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(210);
      expect(name).not.toBe('');
    }
    expect(python.slice(0, 4)).toEqual(['evil.webp', 'etc_passwd.txt', 'abs_root.png', 'line_break_.txt']);
    expect(python[4]).toBe('reportgnp.exe');
    expect(python.slice(6, 10)).toEqual(['_CON', '_con.txt', '_Lpt9.tar.gz', '_COM1.webp']);
    expect(python.slice(10, 12)).toEqual(['trailing', 'dots']);
    expect(python[13]).toMatch(/^x+\.webp$/);
    expect(python[14]).toMatch(/^字+\.png$/);
    expect(python.slice(15, 19)).toEqual(['same.txt', 'SAME (2).txt', 'same_.txt', 'same_ (2).txt']);
    expect(python.at(-1)).toBe('中文 名字.txt');
    // The contents stay with their entries.
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(strFromU8(files['evil.webp'])).toBe('file 0');
    expect(strFromU8(files['_CON'])).toBe('file 6');
  });

  it('rebuilds the folders files came from, each part safe, nothing outside the archive', async () => {
    const entries = [
      { name: 'a.webp', folder: 'Holiday/day 1' },
      { name: 'a.webp', folder: 'Holiday/day 2' },
      { name: 'A.webp', folder: 'holiday/DAY 1' },
      { name: 'x.png', folder: '../../etc' },
      { name: 'con.txt', folder: 'CON/a?b' },
      { name: 'top.txt', folder: '' },
      { name: 'n/../m.txt', folder: 'f' },
    ];
    const zip = await createZip(entries.map((e, i) => ({ ...e, blob: new Blob([`file ${i}`]) })));
    const { unzip, python } = listWithOtherTools(new Uint8Array(await zip.arrayBuffer()));
    expect(python).toEqual(unzip);
    expect(python).toEqual(['Holiday/day 1/a.webp', 'Holiday/day 2/a.webp', 'holiday/DAY 1/A (2).webp', 'etc/x.png', '_CON/a_b/_con.txt', 'top.txt', 'f/n_m.txt']);
  });
});
