import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';

/** The containers whose strip comes from ffmpeg.wasm (neither the browser nor mediabunny reads them). */
const FFMPEG_ONLY = /\.(avi|flv)$/i;

/**
 * The range editor's strip of pictures (video trim): as many frames as fit side by side at the timeline's height,
 * decoded in a media worker of its own (the trim job's worker stays free) and drawn one by one as they arrive. A new
 * file stops the old one's worker. AVI and FLV (mediabunny reads neither) get key frames from ffmpeg.wasm, given the
 * timeline's `duration`; another file the browser cannot decode leaves the strip empty.
 */
export function Thumbnails({ file, aspect, duration }: { file: File; aspect: number; duration?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<{ file: File; count: number; filled: number; done: boolean }>();
  useEffect(() => {
    const c = canvas.current;
    const g = c?.getContext('2d');
    if (!c || !g) return;
    const scale = Math.min(2, window.devicePixelRatio || 1);
    const box = c.getBoundingClientRect();
    c.width = Math.max(1, Math.round(box.width * scale));
    c.height = Math.max(1, Math.round(box.height * scale));
    const slotHeight = c.height;
    const count = Math.max(1, Math.round(c.width / (slotHeight * (aspect > 0 ? aspect : 16 / 9))));
    const slotWidth = c.width / count;
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    let filled = 0;
    let done = false;
    let frame = 0;
    const report = () => {
      frame = 0;
      setState({ file, count, filled, done });
    };
    const onThumb = (index: number, bitmap: ImageBitmap) => {
      if (stopped) return bitmap.close();
      g.drawImage(bitmap, Math.round(index * slotWidth), 0, Math.round((index + 1) * slotWidth) - Math.round(index * slotWidth), slotHeight);
      bitmap.close();
      filled++;
      frame ||= requestAnimationFrame(() => report());
    };
    const aborted = new AbortController();
    void import('../../engines/media/client').then(({ timelinePool, ffmpegThumbnails }) => {
      if (stopped) return;
      const pool = timelinePool('thumbnails');
      stop = () => {
        stopped = true;
        pool.terminate();
        aborted.abort();
      };
      const width = Math.round(slotWidth);
      const byFfmpeg = async () => {
        const pngs = await ffmpegThumbnails(file, duration!, count, width, slotHeight, aborted.signal);
        for (const [index, png] of pngs.entries()) onThumb(index, await createImageBitmap(new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' })));
      };
      pool
        .call((api) => api.thumbnails(file, count, width, slotHeight, Comlink.proxy(onThumb)))
        .then(async (given) => {
          pool.terminate();
          if (!given && duration && FFMPEG_ONLY.test(file.name) && !stopped) await byFfmpeg();
        })
        .then(() => {
          done = !stopped;
          report();
        })
        .catch(() => {})
        .finally(() => pool.terminate());
    });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [file, aspect, duration]);
  const mine = state?.file === file ? state : undefined;
  return (
    <canvas
      ref={canvas}
      aria-hidden="true"
      className="h-full w-full opacity-80"
      data-testid="thumbnails"
      data-count={mine?.count ?? 0}
      data-filled={mine?.filled ?? 0}
      data-complete={mine?.done ? 'true' : 'false'}
    />
  );
}
