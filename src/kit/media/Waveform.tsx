import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';

const BUCKETS = 1000;

/**
 * The range editor's waveform: peaks computed in a media worker of its own (the trim job's worker stays free) and drawn as
 * they arrive, so a long recording fills in from the left. A new file stops the old one's worker.
 */
export function Waveform({ file }: { file: File }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [filled, setFilled] = useState<{ file: File; buckets: number }>();
  useEffect(() => {
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    const peaks = new Float32Array(BUCKETS);
    let drawn = 0;
    let frame = 0;
    const paint = () => {
      frame = 0;
      const c = canvas.current;
      const g = c?.getContext('2d');
      if (!c || !g) return;
      const mid = c.height / 2;
      g.clearRect(0, 0, c.width, c.height);
      g.fillStyle = getComputedStyle(c).color;
      for (let i = 0; i < drawn; i++) {
        const h = Math.max(1, peaks[i] * mid);
        g.fillRect(i, mid - h, 1, 2 * h);
      }
      setFilled({ file, buckets: drawn });
    };
    const onChunk = (from: number, values: Float32Array) => {
      peaks.set(values, from);
      drawn = Math.max(drawn, from + values.length);
      frame ||= requestAnimationFrame(paint);
    };
    // The client (and its worker) load with the waveform, not with the page.
    void import('../../engines/media/client').then(({ timelinePool }) => {
      if (stopped) return;
      const pool = timelinePool('waveform');
      stop = () => pool.terminate();
      pool
        .call((api) => api.peaks(file, BUCKETS, Comlink.proxy(onChunk)))
        .catch(() => {})
        .finally(() => pool.terminate());
    });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [file]);
  const buckets = filled?.file === file ? filled.buckets : 0;
  return (
    <canvas
      ref={canvas}
      width={BUCKETS}
      height={64}
      aria-hidden="true"
      className="h-full w-full text-zinc-400 dark:text-zinc-600"
      data-testid="waveform"
      data-buckets={buckets}
      data-complete={buckets === BUCKETS ? 'true' : 'false'}
    />
  );
}
