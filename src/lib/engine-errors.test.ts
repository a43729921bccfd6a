import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineLoadError, isOffline } from './errors';

describe('engine load errors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offline when navigator says so, without asking the network', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('fetch', fetch);
    expect(await isOffline()).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offline when navigator says online but an uncached request fails; online when it answers', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const offline = await engineLoadError('MozJPEG');
    expect([offline.key, offline.params]).toEqual(['common:engines.offline', { engine: 'MozJPEG' }]);
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const online = await engineLoadError('ffmpeg.wasm');
    expect([online.key, online.params]).toEqual(['common:engines.loadFailed', { engine: 'ffmpeg.wasm' }]);
    expect(fetch).toHaveBeenCalledWith('/favicon.svg', { method: 'HEAD', cache: 'no-store' });
  });
});
