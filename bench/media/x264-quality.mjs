// Native x264 at equal quality on the clips of clips.mjs (issue 26): for each preset, a few CRFs, each
// encode's video bytes and its SSIM against the source (ffmpeg's ssim filter, All), then the bytes at SSIM 0.95
// and 0.97 read off the curve (linear in log bytes between the two CRFs around the target).
// `node bench/media/x264-quality.mjs [preset,preset…]`: veryfast and medium (what people compare with) and
// faster (what the app's quality-first path runs in ffmpeg.wasm: the same libx264, so the same bytes).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeClips } from './clips.mjs';

const PRESETS = (process.argv[2] ?? 'veryfast,faster,medium').split(',');
const CRFS = [18, 22, 26, 30, 34];
const TARGETS = [0.95, 0.97];
const tmp = mkdtempSync(path.join(tmpdir(), 'x264q-'));

function ssim(source, encoded) {
  const out = execFileSync('sh', ['-c', `ffmpeg -nostats -i "${encoded}" -i "${source}" -lavfi "[0:v][1:v]ssim" -f null - 2>&1 | grep -o 'All:[0-9.]*' | tail -1`], { encoding: 'utf8' });
  return Number(out.trim().slice(4));
}
const videoBytes = (file) => Number(execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split('\n').reduce((a, b) => a + Number(b), 0));

/** Bytes at `target` SSIM from points sorted by CRF, interpolated in log bytes; undefined outside the range. */
export function bytesAt(points, target) {
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i], points[i + 1]];
    if ((a.ssim - target) * (b.ssim - target) <= 0 && a.ssim !== b.ssim) {
      const f = (a.ssim - target) / (a.ssim - b.ssim);
      return Math.exp(Math.log(a.bytes) + f * (Math.log(b.bytes) - Math.log(a.bytes)));
    }
  }
  return undefined;
}

const clips = makeClips();
for (const [name, file] of Object.entries(clips)) {
  const inBytes = videoBytes(file);
  console.log(`\n${name}: input ${(statSync(file).size / 1e6).toFixed(2)} MB (video ${(inBytes / 1e6).toFixed(2)} MB)`);
  for (const preset of PRESETS) {
    const points = [];
    let seconds = 0;
    for (const crf of CRFS) {
      const out = path.join(tmp, `${name}-${preset}-${crf}.mp4`);
      const t = performance.now();
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', file, '-an', '-c:v', 'libx264', '-preset', preset, '-crf', String(crf), '-pix_fmt', 'yuv420p', out]);
      seconds += (performance.now() - t) / 1000;
      points.push({ crf, bytes: videoBytes(out), ssim: ssim(file, out) });
    }
    const at = TARGETS.map((t) => bytesAt(points, t));
    console.log(`  ${preset.padEnd(9)} ${points.map((p) => `crf ${p.crf}: ${(p.bytes / 1e3).toFixed(0)} KB ${p.ssim.toFixed(4)}`).join(' | ')}`);
    console.log(`  ${preset.padEnd(9)} ${TARGETS.map((t, i) => `SSIM ${t}: ${at[i] ? (at[i] / 1e3).toFixed(0) + ' KB' : 'out of range'}`).join('  ')}  (${(seconds / CRFS.length).toFixed(1)} s an encode, load ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ')[0]})`);
  }
}
