import { afterEach, describe, expect, it, vi } from 'vitest';

/** A localStorage holding `entries`, as the browser would give it to the module on load. */
function storageWith(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, value: string) => void map.set(k, String(value)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

async function loadWith(entries: Record<string, string>) {
  vi.resetModules();
  const storage = storageWith(entries);
  vi.stubGlobal('localStorage', storage);
  return { mod: await import('./favorites'), storage };
}

afterEach(() => vi.unstubAllGlobals());

describe('favorites and recent tools on a corrupt storage', () => {
  for (const raw of ['{}', 'null', '5', '"str"', '{"0":"image-resize"}', 'not json', 'true', '[[]]']) {
    it(`reads ${raw} as an empty list, and the lists still work`, async () => {
      const { mod, storage } = await loadWith({ 'localkit-favorites': raw, 'localkit-recent': raw });
      expect(mod.toggleFavorite('image-resize')).toBe(true);
      mod.markUsed('text-diff');
      expect(JSON.parse(storage.getItem('localkit-favorites')!)).toEqual(['image-resize']);
      expect(JSON.parse(storage.getItem('localkit-recent')!)).toEqual(['text-diff']);
    });
  }

  it('keeps the tool ids of a list and drops the entries that are not ids', async () => {
    const { mod, storage } = await loadWith({ 'localkit-favorites': JSON.stringify(['svg-to-png', 5, null, { a: 1 }, 'svg-to-png', 'image-resize']) });
    expect(mod.toggleFavorite('text-diff')).toBe(true);
    expect(JSON.parse(storage.getItem('localkit-favorites')!)).toEqual(['svg-to-png', 'image-resize', 'text-diff']);
  });
});
