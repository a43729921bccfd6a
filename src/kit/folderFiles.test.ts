import { describe, expect, it } from 'vitest';
import { filesFromEntries, folderOf, safeFolderPath, type EntryLike } from './folderFiles';

const zipPathFor = (input: File, name: string) => (folderOf(input) ? `${folderOf(input)}/${name}` : name);

// A dropped tree as the File and Directory Entries API hands it over: folders read in batches of two, the
// way Chromium hands over 100 at a time, so the walker has to keep asking until a batch comes back empty.
function tree(path: string, spec: Record<string, unknown>): EntryLike {
  const name = path.split('/').pop()!;
  const kids = Object.entries(spec).map(([k, v]) => (typeof v === 'string' ? fileEntry(`${path}/${k}`, v) : tree(`${path}/${k}`, v as Record<string, unknown>)));
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath: path,
    createReader: () => {
      let at = 0;
      return { readEntries: (ok) => setTimeout(() => ok(kids.slice(at, (at += 2)))) };
    },
  };
}
function fileEntry(path: string, content: string): EntryLike {
  const name = path.split('/').pop()!;
  return { isFile: true, isDirectory: false, name, fullPath: path, file: (ok) => setTimeout(() => ok(new File([content], name))) };
}

describe('folders', () => {
  it('walks a dropped tree in name order, keeps each path and leaves system files out', async () => {
    const root = tree('/photos', { 'b.jpg': 'b', 'a.jpg': 'a', '.DS_Store': 'x', 'Thumbs.db': 'x', trip: { 'c.png': 'c', deeper: { 'd.gif': 'd' }, 'e.png': 'e' } });
    const { files, truncated } = await filesFromEntries([root, fileEntry('/loose.webp', 'l')]);
    expect(truncated).toBe(false);
    expect(files.map((f) => zipPathFor(f, f.name))).toEqual(['photos/a.jpg', 'photos/b.jpg', 'photos/trip/c.png', 'photos/trip/deeper/d.gif', 'photos/trip/e.png', 'loose.webp']);
    expect(folderOf(files[3])).toBe('photos/trip/deeper');
    expect(zipPathFor(files[0], 'a.webp')).toBe('photos/a.webp');
  });

  it('stops at the limit and says so', async () => {
    const big = tree('/big', Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}.png`, 'x'])));
    const { files, truncated } = await filesFromEntries([big], 5);
    expect(files).toHaveLength(5);
    expect(truncated).toBe(true);
  });

  it('makes folder names safe for every system', () => {
    expect(safeFolderPath('/../a/./b\\c/con:fig?/ trailing. ')).toBe('a/b/c/con_fig_/ trailing');
    expect(safeFolderPath('../..')).toBe('');
    expect(safeFolderPath('x/\u0001y')).toBe('x/_y');
  });

  it('takes a chosen folder path from webkitRelativePath; a lone file has none', () => {
    const chosen = new File(['x'], 'a.jpg');
    Object.defineProperty(chosen, 'webkitRelativePath', { value: 'Holiday/2024/a.jpg' });
    expect(zipPathFor(chosen, 'a.webp')).toBe('Holiday/2024/a.webp');
    expect(zipPathFor(new File(['x'], 'b.jpg'), 'b.webp')).toBe('b.webp');
  });
});
