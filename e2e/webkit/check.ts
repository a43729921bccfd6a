// Readings of downloaded files by programs we did not write: ImageMagick's compare and convert.
import { execFileSync, spawnSync } from 'node:child_process';

/** ImageMagick's compare: the count of differing pixels (AE) or the normalised RMSE (0 … 1) of two same-size pictures. */
export function compare(a: string, b: string, metric: 'AE' | 'RMSE'): number {
  // compare writes the metric to stderr and exits 1 when the pictures differ.
  const run = spawnSync('compare', ['-metric', metric, a, b, 'null:'], { encoding: 'utf8' });
  if (run.status !== 0 && run.status !== 1) throw new Error(`compare failed: ${run.stderr}`);
  const out = run.stderr.trim();
  return metric === 'RMSE' ? Number(/\(([\d.e-]+)\)/.exec(out)?.[1]) : Number(out.split(' ')[0]);
}

/** ImageMagick's mean brightness (0 black … 1 white) of a picture, flattened on white. */
export const meanBrightness = (file: string) =>
  Number(execFileSync('convert', [file, '-background', 'white', '-flatten', '-colorspace', 'gray', '-format', '%[fx:mean]', 'info:'], { encoding: 'utf8' }));
