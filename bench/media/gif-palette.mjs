// Which ffmpeg palette settings the video-to-GIF tool uses: each variant's bytes and SSIM against the same frames
// (the video at the GIF's frame rate and width), next to the reference two-pass palettegen/paletteuse.
// node bench/media/gif-palette.mjs   (clips from clips.mjs; native ffmpeg, the same filters ffmpeg.wasm runs)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeClips } from './clips.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'gif-bench-'));
const ff = (args) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const base = (fps, width) => `fps=${fps},scale=${width}:-2:flags=lanczos`;

export const VARIANTS = {
  reference: (b) => `${b},split[a][b];[a]palettegen[p];[b][p]paletteuse`,
  'diff-rect': (b) => `${b},split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=diff_mode=rectangle`,
  'rect': (b) => `${b},split[a][b];[a]palettegen[p];[b][p]paletteuse=diff_mode=rectangle`,
  'bayer3': (b) => `${b},split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=bayer:bayer_scale=3`,
  'bayer3-rect': (b) => `${b},split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=bayer:bayer_scale=3:diff_mode=rectangle`,
  'fs-rect': (b) => `${b},split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=floyd_steinberg:diff_mode=rectangle`,
};


const clips = makeClips();
const fps = 10;
const width = 320;
const seconds = 3;
for (const [name, clip] of Object.entries(clips)) {
  for (const [variant, graph] of Object.entries(VARIANTS)) {
    const gif = path.join(dir, `${name}-${variant}.gif`);
    ff(['-t', String(seconds), '-i', clip, '-filter_complex', graph(base(fps, width)), '-loop', '0', gif]);
    const r = execFileSync('sh', ['-c', `ffmpeg -v info -i ${gif} -t ${seconds} -i ${clip} -lavfi "[1:v]${base(fps, width)},format=rgb24[r];[0:v]format=rgb24[g];[g][r]ssim" -f null - 2>&1 | grep -o 'All:[0-9.]*'`], { encoding: 'utf8' }).trim();
    console.log(`${name.padEnd(7)} ${variant.padEnd(12)} ${String(statSync(gif).size).padStart(9)} B  SSIM ${r.slice(4)}`);
  }
}
