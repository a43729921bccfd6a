// What judges the image editing tools' outputs, none of it ours: libjpeg-turbo's jpegtran (the lossless reference)
// and djpeg (decodes both sides alike), and ImageMagick's compare.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURES } from './image-support';

/** A folder of this spec's own for the downloads and references; `save` writes a file there and gives its path. */
export function scratch(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    dir,
    save(name: string, bytes: Uint8Array): string {
      const at = path.join(dir, name);
      writeFileSync(at, bytes);
      return at;
    },
    /** jpegtran's output for a fixture with these arguments (e.g. ['-rotate', '90', '-trim'] or ['-crop', '10x10+0+0']). */
    jpegtran(args: string[], name: string): string {
      const out = path.join(dir, `ref-${args.join('')}-${name}`);
      execFileSync('jpegtran', [...args, '-outfile', out, path.join(FIXTURES, name)]);
      return out;
    },
  };
}

/** A JPEG decoded by libjpeg-turbo's djpeg, as PPM bytes. */
export const djpeg = (at: string): Buffer => execFileSync('djpeg', ['-ppm', at]);

/** Pixels that differ between two images, as ImageMagick counts them. */
export function differing(a: string, b: string): number {
  try {
    execFileSync('compare', ['-metric', 'AE', a, b, 'null:'], { stdio: 'pipe' });
    return 0;
  } catch (error) {
    return Number(String((error as { stderr: Buffer }).stderr));
  }
}
