import { afterEach, describe, expect, it, vi } from 'vitest';
import { localesBackend } from './httpBackend';

const read = (lng: string, ns: string) =>
  new Promise<[unknown, unknown]>((resolve) => localesBackend.read(lng, ns, (err, data) => resolve([err, data])));

describe('locales backend', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads /locales/<lng>/<ns>.json', async () => {
    const fetchMock = vi.fn(async () => new Response('{"hello":"你好"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await read('zh-TW', 'common')).toEqual([null, { hello: '你好' }]);
    expect(fetchMock).toHaveBeenCalledWith('/locales/zh-TW/common.json');
  });

  it('marks server and network failures as worth retrying, but not a missing file', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('gone', { status: 404 })));
    const [err404, retry404] = await read('en', 'missing');
    expect(err404).toBeInstanceOf(Error);
    expect(retry404).toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('busy', { status: 503 })));
    expect((await read('en', 'common'))[1]).toBe(true);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect((await read('en', 'common'))[1]).toBe(true);
  });
});
