// Outside judges for the video tools' pictures: ffmpeg makes the reference, ImageMagick's compare measures PSNR.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** PSNR in dB between two pictures by ImageMagick (Infinity when identical). */
export function psnr(a: string, b: string): number {
  const run = spawnSync('compare', ['-metric', 'PSNR', a, b, 'null:'], { encoding: 'utf8' });
  const text = run.stderr.trim().split(/\s/)[0];
  return text === 'inf' ? Infinity : Number(text);
}

/** `ffmpeg -ss t -i X -frames:v 1` as a PNG in `dir`: the reference a frame at t is held to. */
export function ffmpegFrame(video: string, time: number, dir: string): string {
  const out = path.join(dir, `ref-${path.basename(video)}-${time}.png`);
  execFileSync('ffmpeg', ['-v', 'error', '-ss', String(time), '-i', video, '-frames:v', '1', '-y', out]);
  return out;
}

/**
 * SSIM (ffmpeg's ssim filter, "All") of an animation against the video's frames in [start, start + seconds) at the
 * same frame rate and width, both compared as RGB.
 */
export function animationSsim(animation: string, video: string, start: number, seconds: number, fps: number, width: number): number {
  // Debian's ffmpeg cannot decode animated WebP: ImageMagick writes its whole frames out first.
  let input = ['-i', animation];
  if (animation.endsWith('.webp')) {
    const frames = `${animation}-frames`;
    mkdirSync(frames, { recursive: true });
    execFileSync('convert', [animation, '-coalesce', path.join(frames, 'f-%04d.png')]);
    input = ['-framerate', String(fps), '-i', path.join(frames, 'f-%04d.png')];
  }
  const run = spawnSync('ffmpeg', ['-v', 'info', ...input, '-ss', String(start), '-t', String(seconds), '-i', video, '-lavfi', `[1:v]fps=${fps},scale=w='min(${width},iw)':h=-1:flags=lanczos,format=rgb24[r];[0:v]format=rgb24[g];[g][r]ssim`, '-f', 'null', '-'], { encoding: 'utf8' });
  const m = /All:([0-9.]+)/.exec(run.stderr);
  if (!m) throw new Error(run.stderr.slice(-500));
  return Number(m[1]);
}

/** ffmpeg's own two-pass GIF (palettegen, then paletteuse, both at their defaults): the reference to beat. */
export function ffmpegGif(video: string, start: number, seconds: number, fps: number, width: number, dir: string): string {
  const out = path.join(dir, `ref-${path.basename(video)}-${start}-${fps}-${width}.gif`);
  execFileSync('ffmpeg', ['-v', 'error', '-ss', String(start), '-t', String(seconds), '-i', video, '-an', '-filter_complex', `[0:v]fps=${fps},scale=w='min(${width},iw)':h=-1:flags=lanczos,split[a][b];[a]palettegen[p];[b][p]paletteuse`, '-loop', '0', '-y', out]);
  return out;
}

/** The same picture written by ImageMagick in a lossy format, as the browser writes it (4:2:0 JPEG, WebP): its PSNR is
 * what that format at that quality costs, the bar a lossy frame is held to. */
export function lossyReference(png: string, format: 'jpg' | 'webp', quality: number): string {
  const out = `${png}.q${quality}.${format}`;
  execFileSync('convert', [png, '-quality', String(quality), ...(format === 'jpg' ? ['-sampling-factor', '4:2:0'] : []), out]);
  return out;
}

let tsClipPath: string | undefined;
/** A 2 s MPEG-TS (H.264 + AAC, 160×120, 25 fps; no browser plays it) made once per run, for the timeline smokes. */
export function tsClip(): string {
  if (tsClipPath) return tsClipPath;
  const dir = path.join(tmpdir(), 'localkit-ts-clip');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, 'camera.ts');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '10', '-c:a', 'aac', '-shortest', '-f', 'mpegts', '-y', out]);
  return (tsClipPath = out);
}

/**
 * The smokes' verdict on an exact cut of an H.264 MP4: 'exact' when the row says so and ffmpeg decodes the file without
 * a word into `pictures` pictures; 'unavailable' when the row names the fallback (no H.264 encoder in this browser).
 */
export function judgeExactH264(rowText: string, file: string, pictures: number, notes: { exact: string; unavailable: string }): 'exact' | 'unavailable' {
  if (rowText.includes(notes.unavailable)) return 'unavailable';
  if (!rowText.includes(notes.exact)) throw new Error(`exact cut: neither done nor unavailable: ${rowText}`);
  const errors = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  if (errors) throw new Error(`exact cut: ffmpeg decode errors: ${errors}`);
  const count = Number(execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
  if (count !== pictures) throw new Error(`exact cut: ${count} pictures, expected ${pictures}`);
  return 'exact';
}
