import type { FFmpeg } from '@ffmpeg/ffmpeg';
import type { JobContext } from '../../runtime/jobs';
import { getFfmpeg, onEngineDownload, releaseFfmpeg, startedCore } from './engine';
import { ffmpegError } from './errors';

/**
 * The engine for one job, loaded with its download shown in the row; cancelling the job terminates it (its worker
 * and every pthread worker it started: the only way to stop wasm). `done()` unhooks the cancel.
 */
export async function openFfmpeg(ctx: JobContext): Promise<{ ffmpeg: FFmpeg; core: 'mt' | 'st'; done: () => void }> {
  const stopDownload = onEngineDownload((p) => {
    if (!p.url.endsWith('.wasm')) return;
    // Downloaded: the row says which core is starting now (the threaded one may give way to the single-thread one).
    if (p.done) return ctx.onProgress({ kind: 'indeterminate', stage: startedCore() === 'mt' ? 'media:stage.startingEngineMt' : 'media:stage.startingEngineSt' });
    // Without a size known, the bar says only that the engine is loading.
    if (p.total > 0) ctx.onProgress({ kind: 'fraction', done: p.received, total: p.total, unit: 'bytes', stage: 'media:stage.loadingEngine' });
    else ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.loadingEngine' });
  });
  ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.loadingEngine' });
  let ffmpeg: FFmpeg;
  try {
    ffmpeg = await getFfmpeg();
  } catch (error) {
    throw ffmpegError(error);
  } finally {
    stopDownload();
  }
  ctx.signal.throwIfAborted();
  const onAbort = () => releaseFfmpeg();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  return { ffmpeg, core: startedCore() ?? 'st', done: () => ctx.signal.removeEventListener('abort', onAbort) };
}
