// The trim timeline of a video neither the player nor mediabunny can read (AVI, FLV): its length from ffmpeg.wasm's
// "Duration:" line, its pictures' shape from the first picture, and the strip's pictures from its key frames only
// (-skip_frame nokey: a long file is not decoded whole). The same engine the trim of such a file re-encodes with.
import type { JobContext } from '../../runtime/jobs';
import { extensionOf } from '../../lib/download';
import { splitPngStream } from './frame-times';

const quiet = (signal: AbortSignal): JobContext => ({ signal, onProgress: () => {} });

/** Width/height of a PNG from its IHDR chunk. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  if (png.length < 24) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The file's length and its pictures' width/height, or null where ffmpeg cannot read either. */
export async function ffmpegTimeline(file: File, signal: AbortSignal): Promise<{ duration: number; aspect: number } | null> {
  const { runFfmpeg } = await import('../ffmpeg/run');
  const out = await runFfmpeg({ input: file, inputExt: extensionOf(file.name), outputExt: 'png', args: ['-an', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png'], mime: 'image/png' }, quiet(signal)).catch(() => null);
  if (!out?.duration || !(out.duration > 0)) return null;
  const size = pngSize(new Uint8Array(await out.blob.arrayBuffer()));
  return size && size.height > 0 ? { duration: out.duration, aspect: size.width / size.height } : null;
}

/**
 * `count` pictures spread over `duration` seconds, each `width`×`height` (the frame covering it), as PNG bytes in
 * order, taken from the key frames nearest those times. Fewer where the file has fewer key frames than slots.
 */
export async function ffmpegThumbnails(file: File, duration: number, count: number, width: number, height: number, signal: AbortSignal): Promise<Uint8Array[]> {
  const { runFfmpeg } = await import('../ffmpeg/run');
  const fit = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`;
  const out = await runFfmpeg(
    {
      input: file,
      inputExt: extensionOf(file.name),
      outputExt: 'png',
      inputArgs: ['-skip_frame', 'nokey'],
      args: ['-an', '-vf', `fps=${(count / duration).toFixed(6)}:start_time=0,${fit}`, '-frames:v', String(count), '-f', 'image2pipe', '-c:v', 'png'],
      mime: 'image/png',
    },
    quiet(signal),
  );
  return splitPngStream(new Uint8Array(await out.blob.arrayBuffer()));
}
