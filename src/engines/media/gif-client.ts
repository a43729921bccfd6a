import { ToolError } from '../../lib/errors';
import { extensionOf, replaceExtension } from '../../lib/download';
import type { JobContext } from '../../runtime/jobs';
import type { MediaOutput } from './client';
import { framesPool } from './frames-client';
import { animationSize, gifPlan, type GifJob } from './gif';

const NOTE = { mt: 'video-to-gif:engine.mt', st: 'video-to-gif:engine.st' } as const;

/** An animated GIF or WebP of a range of the video, made by ffmpeg.wasm (gif.ts says why). */
export async function runVideoToGif(file: File, job: GifJob, ctx: JobContext): Promise<MediaOutput> {
  ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.reading' });
  // The duration where the browser can read the container (AVI and others: ffmpeg finds out on its own).
  const input = await framesPool().call((api) => api.probe(file), ctx.signal);
  if (input.readable && !input.video) throw new ToolError(input.audio ? 'media:errors.noVideo' : 'media:errors.unreadable');
  const plan = gifPlan(job, input.duration);
  if ('error' in plan) throw new ToolError(plan.error, plan.params);
  const { runFfmpeg } = await import('../ffmpeg/run');
  const out = await runFfmpeg({ input: file, inputExt: extensionOf(file.name), inputArgs: plan.inputArgs, outputExt: plan.ext, args: plan.args, mime: plan.mime, outputSeconds: plan.seconds }, ctx);
  const size = animationSize(new Uint8Array(await out.blob.slice(0, 32).arrayBuffer()));
  const facts = { format: `${plan.ext.toUpperCase()} · ${job.fps} fps`, ...size, duration: Math.round(Math.min(plan.seconds, (input.duration ?? out.duration ?? Infinity) - job.start) * 1000) / 1000, note: NOTE[out.core] };
  return { blob: out.blob, name: replaceExtension(file.name, plan.ext), facts, input: { ...input, duration: input.duration ?? out.duration }, engine: 'ffmpeg' };
}
