// Which engine makes the smallest WebM at equal quality (issue 26): ffmpeg.wasm's libvpx VP8 at constant quality
// (crf, the bit rate cap out of the way) against Chromium's WebCodecs VP9 and AV1 set up for quality (bitrateMode
// 'quantizer', a quantizer per frame), with native libvpx VP8, libvpx-vp9 (crf, -b:v 0) and x264 veryfast run in the
// same command as the baselines. Each engine is swept over its quality scale; bytes are video bytes; the judges are
// ffmpeg's ssim ("All") and psnr ("average") filters against the source; bytes at a target are read off each curve
// (linear in log bytes). `node bench/media/webm-quality.mjs [clip] [seconds] [height]` (clips.mjs; pan, 4 s, 360p);
// SKIP=vp8,vp9 leaves out the slow libvpx runs (native and wasm VP8, native VP9), x264 stays as the baseline.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeClips } from './clips.mjs';
import { ff, loadavg, openBenchPage } from './harness.mjs';
import { stageWasm } from './wasm-encode.mjs';

const [clipName = 'pan', seconds = '4', height = '360'] = process.argv.slice(2);
const skip = (process.env.SKIP ?? '').split(',');
const work = mkdtempSync(path.join(tmpdir(), 'webmq-'));
const www = path.join(work, 'www');
const source = path.join(www, 'source.mp4');
const clip = makeClips()[clipName];
mkdirSync(www, { recursive: true });
// The source every engine starts from and is judged against: a part of the clip, scaled, near-lossless.
ff('-i', clip, '-t', seconds, '-vf', `scale=-2:${height}:flags=lanczos`, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '6', '-pix_fmt', 'yuv420p', source);

const videoBytes = (file) => execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split('\n').reduce((a, b) => a + Number(b), 0);
function judge(file) {
  const log = execFileSync('sh', ['-c', `ffmpeg -nostats -i "${file}" -i "${source}" -lavfi "[0:v]split[a][b];[1:v]split[c][d];[a][c]ssim;[b][d]psnr" -f null - 2>&1 | grep -Eo 'All:[0-9.]+|average:[0-9.inf]+'`], { encoding: 'utf8' });
  const ssim = Number(/All:([0-9.]+)/.exec(log)[1]);
  const psnr = Number(/average:([0-9.]+)/.exec(log)[1]);
  return { bytes: videoBytes(file), ssim, psnr };
}

/** Bytes where `key` reaches `target` on a curve of points, interpolated in log bytes; undefined outside it. */
function bytesAt(points, key, target) {
  const sorted = [...points].sort((a, b) => a.bytes - b.bytes);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const [a, b] = [sorted[i], sorted[i + 1]];
    if ((a[key] - target) * (b[key] - target) <= 0 && a[key] !== b[key]) {
      const f = (target - a[key]) / (b[key] - a[key]);
      return Math.exp(Math.log(a.bytes) + f * (Math.log(b.bytes) - Math.log(a.bytes)));
    }
  }
  return undefined;
}

const curves = {};
const times = {};
function native(name, settings, values, ext, args) {
  curves[name] = [];
  let t = 0;
  for (const v of values) {
    const out = path.join(work, `${name.replace(/\W+/g, '-')}-${v}.${ext}`);
    const t0 = performance.now();
    ff('-i', source, '-an', ...args(v), out);
    t += (performance.now() - t0) / 1000;
    curves[name].push({ [settings]: v, ...judge(out) });
  }
  times[name] = t / values.length;
}

// libvpx's "good" deadline at speed 4 in both builds: the same library, the same settings, native and in wasm.
const VP8 = (crf) => ['-c:v', 'libvpx', '-deadline', 'good', '-cpu-used', '4', '-crf', String(crf), '-b:v', '20M', '-threads', '4'];
const VP8_CRFS = [8, 16, 24, 32, 40];
if (!skip.includes('vp8')) native('native libvpx VP8 (crf)', 'crf', VP8_CRFS, 'webm', VP8);
if (!skip.includes('vp9')) native('native libvpx-vp9 (crf, b:v 0)', 'crf', [24, 32, 40, 48, 56], 'webm', (crf) => ['-c:v', 'libvpx-vp9', '-deadline', 'good', '-cpu-used', '2', '-row-mt', '1', '-crf', String(crf), '-b:v', '0']);
native('native x264 veryfast (crf)', 'crf', [20, 24, 28, 32, 36], 'mp4', (crf) => ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(crf), '-pix_fmt', 'yuv420p']);

stageWasm(www);
const bench = await openBenchPage(www, work);
const { page } = bench;
// In the page: hands a file back to this folder (harness.mjs's saveResult).
await page.evaluate(`window.save = async (name, bytes) => { let s = ''; for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); await window.saveResult(name, btoa(s)); }`);
const save = 'window.save';

// ffmpeg.wasm (the threaded core the app uses in Chromium): the same VP8 settings, each encode timed.
const wasm = skip.includes('vp8') ? null : await page.evaluate(`(async () => {
  const { FFmpeg } = await import('/ffmpeg-lib/index.js');
  const ffmpeg = new FFmpeg();
  const blobURL = async (u, type) => URL.createObjectURL(new Blob([await (await fetch(u)).arrayBuffer()], { type }));
  await ffmpeg.load({ coreURL: await blobURL('/core-mt/ffmpeg-core.js', 'text/javascript'), wasmURL: await blobURL('/core-mt/ffmpeg-core.wasm', 'application/wasm'), workerURL: await blobURL('/core-mt/ffmpeg-core.worker.js', 'text/javascript') });
  await ffmpeg.writeFile('in.mp4', new Uint8Array(await (await fetch('/source.mp4')).arrayBuffer()));
  const times = [];
  for (const crf of ${JSON.stringify(VP8_CRFS)}) {
    const t = performance.now();
    const code = await ffmpeg.exec(['-i', 'in.mp4', '-an', ...${JSON.stringify(VP8('CRF'))}.map((a) => a === 'CRF' ? String(crf) : a), 'out.webm']);
    if (code !== 0) throw new Error('ffmpeg exited with ' + code);
    times.push((performance.now() - t) / 1000);
    const bytes = await ffmpeg.readFile('out.webm');
    await ffmpeg.deleteFile('out.webm');
    const name = 'wasm-vp8-' + crf + '.webm';
    await ${save}(name, bytes);
  }
  ffmpeg.terminate();
  return times;
})()`);
if (wasm) {
  curves['ffmpeg.wasm libvpx VP8 (crf)'] = VP8_CRFS.map((crf) => ({ crf, ...judge(path.join(work, `wasm-vp8-${crf}.webm`)) }));
  times['ffmpeg.wasm libvpx VP8 (crf)'] = wasm.reduce((a, b) => a + b, 0) / wasm.length;
}

// WebCodecs: frames decoded by mediabunny, encoded by the browser's VideoEncoder with a quantizer per frame where
// the browser takes bitrateMode 'quantizer', muxed into WebM by mediabunny.
async function webcodecs(codec, codecString, quantizers) {
  const name = `WebCodecs ${codec.toUpperCase()} (quantizer)`;
  const r = await page.evaluate(`(async () => {
    const mb = await import('/mediabunny.mjs');
    const probe = await VideoEncoder.isConfigSupported({ codec: '${codecString}', width: 640, height: 360, bitrateMode: 'quantizer' });
    if (!probe.supported) return { supported: false };
    const times = [];
    for (const q of ${JSON.stringify(quantizers)}) {
      const input = new mb.Input({ source: new mb.BlobSource(await (await fetch('/source.mp4')).blob()), formats: mb.ALL_FORMATS });
      const track = await input.getPrimaryVideoTrack();
      const target = new mb.BufferTarget();
      const output = new mb.Output({ format: new mb.WebMOutputFormat(), target });
      const packets = new mb.EncodedVideoPacketSource('${codec}');
      output.addVideoTrack(packets, { frameRate: 30 });
      await output.start();
      const chunks = [];
      let failed;
      const encoder = new VideoEncoder({ output: (chunk, meta) => chunks.push([mb.EncodedPacket.fromEncodedChunk(chunk), meta]), error: (e) => (failed = e) });
      encoder.configure({ codec: '${codecString}', width: track.displayWidth, height: track.displayHeight, bitrateMode: 'quantizer', framerate: 30, latencyMode: 'quality' });
      const t = performance.now();
      let i = 0;
      for await (const sample of new mb.VideoSampleSink(track).samples()) {
        const frame = sample.toVideoFrame();
        encoder.encode(frame, { keyFrame: i++ % 150 === 0, ${codec}: { quantizer: q } });
        frame.close();
        sample.close();
        while (encoder.encodeQueueSize > 8) await new Promise((r) => setTimeout(r, 1));
      }
      await encoder.flush();
      times.push((performance.now() - t) / 1000);
      encoder.close();
      if (failed) throw failed;
      for (const [p, m] of chunks) await packets.add(p, m);
      await output.finalize();
      input.dispose();
      const bytes = new Uint8Array(target.buffer);
      const name = 'wc-${codec}-' + q + '.webm';
      await ${save}(name, bytes);
    }
    return { supported: true, times };
  })()`);
  if (!r.supported) return console.log(`${name}: bitrateMode 'quantizer' not supported by this browser`);
  curves[name] = quantizers.map((q) => ({ quantizer: q, ...judge(path.join(work, `wc-${codec}-${q}.webm`)) }));
  times[name] = r.times.reduce((a, b) => a + b, 0) / r.times.length;
}
await webcodecs('vp9', 'vp09.00.10.08', [35, 45, 55, 60, 63]);
await webcodecs('av1', 'av01.0.04M.08', [35, 45, 55, 60, 63]);
await bench.close();

const sourceInfo = `${clipName}, first ${seconds} s at ${height}p (${(statSync(clip).size / 1e6).toFixed(2)} MB clip; source ${(readFileSync(source).length / 1e6).toFixed(2)} MB near-lossless)`;
console.log(`\nWebM at equal quality: ${sourceInfo}; load ${loadavg()}`);
for (const [name, points] of Object.entries(curves)) {
  console.log(`\n${name}  (${times[name].toFixed(2)} s an encode)`);
  for (const p of points) console.log(`  ${Object.keys(p)[0]} ${String(Object.values(p)[0]).padStart(3)}: ${(p.bytes / 1e3).toFixed(1).padStart(7)} KB  SSIM ${p.ssim.toFixed(4)}  PSNR ${p.psnr.toFixed(2)} dB`);
}
const TARGETS = [['ssim', 0.95], ['ssim', 0.97], ['psnr', 36], ['psnr', 40]];
const base = ['native libvpx VP8 (crf)', 'native libvpx-vp9 (crf, b:v 0)', 'native x264 veryfast (crf)'];
console.log(`\nbytes at each target, and × native VP8 / × native VP9 / × native x264 veryfast:`);
for (const [name, points] of Object.entries(curves)) {
  const cells = TARGETS.map(([key, t]) => {
    const b = bytesAt(points, key, t);
    if (!b) return `${key} ${t}: out of range`.padEnd(42);
    const ratios = base.map((n) => curves[n] && bytesAt(curves[n], key, t)).map((x) => (x ? `${(b / x).toFixed(2)}` : '–'));
    return `${key} ${t}: ${(b / 1e3).toFixed(0)} KB ${ratios.join('/')}`.padEnd(42);
  });
  console.log(`${name.padEnd(34)} ${cells.join(' ')}`);
}
