// How close x264 lands on a size asked for (issue 26): the app's own x264TargetArgs (src/engines/media/ffmpeg-args.ts,
// imported through jiti) run by native ffmpeg, the same libx264 ffmpeg.wasm runs, one pass against two (the app's two, aimed a little under: x264TwoPassArgs), on the clips of
// clips.mjs at fractions of each input's size. Bytes against the size asked; ffmpeg's ssim ("All") and psnr
// ("average") against the source, and the encodes' CPU seconds (ffmpeg's, from /proc: less at the mercy of the load
// than wall time). `node bench/media/x264-target.mjs [clip,clip…] [fractions]`; FAST_FIRST_PASS=1 runs the first
// pass as x264's fast first pass (the app's args without `-fastfirstpass 0`, as before the fix) to compare.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createJiti } from 'jiti';
import { makeClips } from './clips.mjs';
import { loadavg } from './harness.mjs';

const jiti = createJiti(import.meta.url);
const { x264Correction, x264TargetArgs, x264TwoPassArgs } = await jiti.import('../../src/engines/media/ffmpeg-args.ts');
const { videoBitrates } = await jiti.import('../../src/engines/media/bitrate.ts');

const clips = makeClips();
const names = (process.argv[2] ?? Object.keys(clips).join(',')).split(',');
const fractions = (process.argv[3] ?? '0.25,0.1').split(',').map(Number);
const tmp = mkdtempSync(path.join(tmpdir(), 'x264-target-'));
const judge = (file, source) => {
  const log = execFileSync('sh', ['-c', `ffmpeg -nostats -i "${file}" -i "${source}" -lavfi "[0:v][1:v]ssim;[0:v][1:v]psnr" -f null - 2>&1`], { encoding: 'utf8' });
  return { ssim: Number(/All:([0-9.]+)/.exec(log)[1]), psnr: Number(/average:([0-9.inf]+)/.exec(log)[1]) };
};
const streamBytes = (file, type) => execFileSync('ffprobe', ['-v', 'error', '-select_streams', `${type}:0`, '-show_entries', 'packet=size', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split('\n').reduce((a, b) => a + (parseInt(b, 10) || 0), 0);
const ff = (args) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { cwd: tmp });
// CPU seconds of the finished child processes (utime + stime of those waited for, /proc/self/stat fields 16-17).
const childCpu = () => {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(f[13]) + Number(f[14])) / 100;
};
const fastFirst = process.env.FAST_FIRST_PASS === '1';
const asFast = (args) => args.filter((a, i) => a !== '-fastfirstpass' && args[i - 1] !== '-fastfirstpass');

console.log(`load ${loadavg()}${fastFirst ? '; first pass: x264\'s fast first pass' : ''}`);
for (const name of names) {
  const source = clips[name];
  const size = statSync(source).size;
  const info = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,width,height', '-of', 'json', source], { encoding: 'utf8' }));
  const v = info.streams.find((s) => s.codec_type === 'video');
  const duration = Number(info.format.duration);
  for (const f of fractions) {
    const settings = { container: 'mp4', mode: 'percent', quality: 'medium', percent: f * 100, targetMB: 0, keepAudio: true };
    const asked = size * f;
    const rates = videoBitrates(settings, { width: v.width, height: v.height, fps: 30, duration, size, hasAudio: true });
    const base = { videoBitrate: rates.video, audioBitrate: rates.audio, width: v.width, height: v.height, maxFps: 0 };
    const row = [];
    for (const passes of [1, 2]) {
      const out = path.join(tmp, `${name}-${f}-${passes}.mp4`);
      const t = performance.now();
      const cpu = childCpu();
      if (passes === 2) {
        const log = path.join(tmp, `${name}-${f}`);
        // As the app runs them: aimed at TWO_PASS_AIM of the bit rate.
        const [first, second] = x264TwoPassArgs(base, log);
        ff(['-i', source, ...(fastFirst ? asFast(first) : first), '-f', 'null', '-']);
        ff(['-i', source, ...second, out]);
        // As the app does: over the size or more than 10 % under it, one more second pass at a corrected bit rate.
        const corrected = x264Correction({ ...base, duration }, asked, statSync(out).size);
        if (corrected !== null) {
          console.log(`  ${name} ${f}: two passes made ${statSync(out).size} of ${Math.round(asked)}; a third at ${corrected} bit/s`);
          ff(['-i', source, ...x264TargetArgs({ ...base, videoBitrate: corrected, pass: { n: 2, log } }), out]);
        }
      } else ff(['-i', source, ...x264TargetArgs(base), out]);
      const seconds = (performance.now() - t) / 1000;
      const cpuSeconds = childCpu() - cpu;
      const got = statSync(out).size;
      const q = judge(out, source);
      const video = streamBytes(out, 'v');
      row.push(`${passes} pass${passes > 1 ? 'es' : ''}: ${got} (${(((got - asked) / asked) * 100).toFixed(1)} %; video ${video} of ${Math.round((rates.video * duration) / 8)} asked, sound ${streamBytes(out, 'a')}) SSIM ${q.ssim.toFixed(4)} PSNR ${q.psnr.toFixed(2)} dB ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} CPU s)`);
    }
    console.log(`${name} ${f} of ${size}: asked ${Math.round(asked)}\n  ${row.join('\n  ')}`);
  }
}
console.log(`load ${loadavg()}`);
