import { describe, expect, it, vi } from 'vitest';
import { fetchWithProgress, type DownloadProgress } from './download';
import { ffmpegError } from './errors';
import { coreFiles } from './engine';
import { coreFlavour, isGecko } from './flavour';
import { ERROR_LOAD_TIMEOUT, FfmpegLoader, type FfmpegLike } from './loader';
import { parseDuration } from './run';

class FakeFfmpeg implements FfmpegLike {
  static made = 0;
  terminated = false;
  constructor(private readonly behaviour: { fail?: boolean; gate?: Promise<void> } = {}) {
    FakeFfmpeg.made++;
  }
  async load() {
    await this.behaviour.gate;
    if (this.behaviour.fail) throw new Error('failed to complete download');
  }
  terminate() {
    this.terminated = true;
  }
}

const urls = async () => ({ coreURL: 'blob:core', wasmURL: 'blob:wasm' });

describe('FfmpegLoader', () => {
  it('makes exactly one instance; concurrent callers share the load in flight', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const create = vi.fn(() => new FakeFfmpeg({ gate }));
    const loader = new FfmpegLoader({ create, resolveCore: urls });
    expect(loader.state).toBe('idle');
    const a = loader.get();
    const b = loader.get();
    expect(loader.state).toBe('loading');
    open();
    const [x, y] = await Promise.all([a, b]);
    expect(x).toBe(y);
    expect(await loader.get()).toBe(x);
    expect(create).toHaveBeenCalledTimes(1);
    expect(loader.state).toBe('ready');
  });

  it('resets after a failed load so a retry starts afresh', async () => {
    let attempt = 0;
    const loader = new FfmpegLoader({ create: () => new FakeFfmpeg({ fail: ++attempt === 1 }), resolveCore: urls });
    const first = loader.get();
    await expect(first).rejects.toThrow('failed to complete download');
    expect(loader.state).toBe('idle');
    const second = await loader.get();
    expect(second).toBeInstanceOf(FakeFfmpeg);
    expect(attempt).toBe(2);
  });

  it('releases: terminates the instance, and the next call loads a new one', async () => {
    const loader = new FfmpegLoader({ create: () => new FakeFfmpeg(), resolveCore: urls });
    const one = (await loader.get()) as FakeFfmpeg;
    loader.release();
    expect(one.terminated).toBe(true);
    expect(loader.state).toBe('idle');
    const two = await loader.get();
    expect(two).not.toBe(one);
  });

  it('a release during the load terminates the half-loaded instance and rejects its callers', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let made: FakeFfmpeg | undefined;
    const loader = new FfmpegLoader({ create: () => (made = new FakeFfmpeg({ gate })), resolveCore: urls });
    const pending = loader.get();
    await Promise.resolve();
    loader.release();
    open();
    await expect(pending).rejects.toThrow('called terminate');
    expect(made?.terminated).toBe(true);
    expect(loader.state).toBe('idle');
  });
});

describe('core selection and download', () => {
  it('gives a start that hangs a time limit, then tries the next core; past the last one, a clear error', async () => {
    const never = new Promise<void>(() => undefined);
    const attempts: number[] = [];
    const made: FakeFfmpeg[] = [];
    const loader = new FfmpegLoader<FakeFfmpeg>({
      create: () => {
        const f = new FakeFfmpeg(made.length === 0 ? { gate: never } : {});
        made.push(f);
        return f;
      },
      resolveCore: async (attempt) => {
        attempts.push(attempt);
        return urls();
      },
      loadTimeoutMs: 20,
      retries: 1,
    });
    expect(await loader.get()).toBe(made[1]);
    expect(attempts).toEqual([0, 1]);
    expect(made[0].terminated).toBe(true);

    const stuck = new FfmpegLoader<FakeFfmpeg>({ create: () => new FakeFfmpeg({ gate: never }), resolveCore: urls, loadTimeoutMs: 20, retries: 1 });
    await expect(stuck.get()).rejects.toThrow(ERROR_LOAD_TIMEOUT);
    expect(ffmpegError(new Error(ERROR_LOAD_TIMEOUT)).key).toBe('media:errors.engineNoStart');
  });

  it('gives each attempt the start time its core gets (a slow single-thread start is waited for, a hung threaded one is not)', async () => {
    const made: FakeFfmpeg[] = [];
    const never = new Promise<void>(() => undefined);
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const loader = new FfmpegLoader<FakeFfmpeg>({
      create: () => {
        const f = new FakeFfmpeg({ gate: made.length === 0 ? never : slow });
        made.push(f);
        return f;
      },
      resolveCore: async () => urls(),
      loadTimeoutMs: (attempt) => (attempt === 0 ? 20 : 2000),
      retries: 1,
    });
    const got = loader.get();
    // The second (single-thread) attempt starts after 20 ms and takes 200 ms, past the first attempt's 20.
    setTimeout(release, 200);
    expect(await got).toBe(made[1]);
    expect(made[0].terminated).toBe(true);
    expect(made[1].terminated).toBe(false);
  });

  it('uses the threaded core only in a cross-origin isolated page that exposes SharedArrayBuffer', () => {
    expect(coreFlavour(true, true)).toBe('mt');
    expect(coreFlavour(false, true)).toBe('st');
    expect(coreFlavour(false, false)).toBe('st');
    // WebKitGTK 2.50: isolated, but no SharedArrayBuffer global.
    expect(coreFlavour(true, false)).toBe('st');
    // Firefox: its nested workers can hang in their constructor, so the threaded core never finished starting.
    expect(coreFlavour(true, true, true)).toBe('st');
    expect(isGecko('Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0')).toBe(true);
    expect(isGecko('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36')).toBe(false);
    expect(isGecko('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15')).toBe(false);
    expect(coreFiles('mt')).toEqual({ core: '/ffmpeg/mt/ffmpeg-core.js', wasm: '/ffmpeg/mt/ffmpeg-core.wasm', worker: '/ffmpeg/mt/ffmpeg-core.worker.js' });
    expect(coreFiles('st').worker).toBeUndefined();
  });

  it('reports total, received and done while downloading', async () => {
    const body = new Uint8Array(1000).fill(7);
    const fake = (async () => new Response(new Blob([body]).stream(), { headers: { 'Content-Length': '1000' } })) as typeof fetch;
    const seen: DownloadProgress[] = [];
    const url = await fetchWithProgress('/ffmpeg/st/ffmpeg-core.wasm', 'application/wasm', (p) => seen.push(p), fake);
    expect(url).toMatch(/^blob:/);
    expect(seen.at(-1)).toEqual({ url: '/ffmpeg/st/ffmpeg-core.wasm', total: 1000, received: 1000, done: true });
    expect(seen.slice(0, -1).every((p) => !p.done && p.received <= 1000)).toBe(true);
    URL.revokeObjectURL(url);
  });

  it('falls back to a plain fetch when the length is unknown, and fails on a short body', async () => {
    const noLength = (async () => new Response(new Uint8Array(10))) as typeof fetch;
    const seen: DownloadProgress[] = [];
    await fetchWithProgress('/x.wasm', 'application/wasm', (p) => seen.push(p), noLength);
    expect(seen).toEqual([{ url: '/x.wasm', total: 10, received: 10, done: true }]);
    // A decoded body longer than its stated (compressed) length: progress without a total, and no error.
    const decoded = (async () => new Response(new Blob([new Uint8Array(3000)]).stream(), { headers: { 'Content-Length': '1000' } })) as typeof fetch;
    const overrun: DownloadProgress[] = [];
    await fetchWithProgress('/z.wasm', 'application/wasm', (p) => overrun.push(p), decoded);
    expect(overrun.at(-1)).toMatchObject({ total: 3000, received: 3000, done: true });
    expect(overrun.filter((p) => !p.done).every((p) => p.total === 0 || p.received <= p.total)).toBe(true);
    const short = (async () => new Response(new Uint8Array(10), { headers: { 'Content-Length': '20' } })) as typeof fetch;
    await expect(fetchWithProgress('/y.wasm', 'application/wasm', undefined, short)).rejects.toThrow('failed to complete download');
  });
});

describe('engine errors', () => {
  it("maps the engine's messages to translated keys", () => {
    expect(ffmpegError(new Error('failed to get response body reader')).key).toBe('media:errors.engineDownload');
    expect(ffmpegError(new Error('failed to complete download')).key).toBe('media:errors.engineDownload');
    expect(ffmpegError(new Error('ffmpeg is not loaded, call load first')).key).toBe('media:errors.engineNotLoaded');
    expect(ffmpegError(new Error('called terminate')).key).toBe('media:errors.engineStopped');
    expect(ffmpegError(new Error('boom')).key).toBe('media:errors.engineFailed');
  });
  it("reads the input's duration from ffmpeg's log", () => {
    expect(parseDuration('  Duration: 00:01:02.50, start: 0.000000, bitrate: 432 kb/s')).toBe(62.5);
    expect(parseDuration('Stream #0:0: Video: mpeg4')).toBeUndefined();
  });
});
