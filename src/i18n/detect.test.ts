import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY, rememberLanguage } from './detect';

/** A Map-backed localStorage, or one that throws like a blocked storage. */
function fakeStorage(blocked = false) {
  const data = new Map<string, string>();
  const guard = () => {
    if (blocked) throw new DOMException('blocked', 'SecurityError');
  };
  return {
    data,
    getItem: (k: string) => (guard(), data.get(k) ?? null),
    setItem: (k: string, v: string) => (guard(), void data.set(k, v)),
  };
}

describe('detectLanguage', () => {
  let storage: ReturnType<typeof fakeStorage>;
  beforeEach(() => {
    storage = fakeStorage();
    (globalThis as { localStorage?: unknown }).localStorage = storage;
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it("takes a link's ?lng= for the visit and never stores it", () => {
    expect(detectLanguage('?lng=ko', ['de-DE'])).toBe('ko');
    expect(detectLanguage('?lng=zh-Hant', ['de-DE'])).toBe('zh-TW');
    expect(storage.data.size).toBe(0);
    // The next visit without the link is in the browser's language again.
    expect(detectLanguage('', ['de-DE'])).toBe('de');
  });

  it("prefers the user's own choice over the browser's languages", () => {
    rememberLanguage('ja');
    expect(storage.data.get(LANGUAGE_STORAGE_KEY)).toBe('ja');
    expect(detectLanguage('', ['de-DE', 'en'])).toBe('ja');
  });

  it('ignores a stored value that is not one of our languages', () => {
    for (const raw of ['', 'xx', '"ja"', '{"a":1}', 'ja\u0000', '__proto__']) {
      storage.data.set(LANGUAGE_STORAGE_KEY, raw);
      expect(detectLanguage('', ['ko-KR'])).toBe('ko');
    }
  });

  it("takes the first of the browser's languages we have, else English", () => {
    expect(detectLanguage('', ['fr-FR', 'zh-HK', 'de'])).toBe('zh-TW');
    expect(detectLanguage('', ['fr-FR', 'zh_CN'])).toBe('zh');
    expect(detectLanguage('', ['fr-FR', 'es'])).toBe('en');
    expect(detectLanguage('', [])).toBe('en');
  });

  it('works with storage blocked', () => {
    (globalThis as { localStorage?: unknown }).localStorage = fakeStorage(true);
    expect(() => rememberLanguage('de')).not.toThrow();
    expect(detectLanguage('', ['de'])).toBe('de');
  });
});
