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
