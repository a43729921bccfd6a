// Clips that look like what people film (issue 26), made once into bench/media/.clips/ (git-ignored):
// - pan: a 720p camera-style pan and zoom over a scikit-image photo (coffee), light sensor noise, 3.5 Mbit/s;
// - screen: a screen recording of text scrolling up, 1280×720, 2.5 Mbit/s;
// - dark: a low-light pan over another photo (astronaut), dim and noisy, 3 Mbit/s.
// Each has a tone as its sound, AAC 128 kbit/s, a key frame every second, as phones and recorders write them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const CLIP_DIR = path.resolve('bench/media/.clips');
const PHOTOS = path.resolve('bench/image/photos');
// CLIP_SECONDS=60 makes the same clips a minute long (their own files): where a whole extra encode costs real time.
const SECONDS = Number(process.env.CLIP_SECONDS ?? 8);
const suffix = SECONDS === 8 ? '' : `-${SECONDS}s`;

const ff = (args) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const camera = (bitrate) => ['-c:v', 'libx264', '-preset', 'medium', '-b:v', bitrate, '-maxrate', bitrate, '-bufsize', bitrate, '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart'];
const tone = ['-f', 'lavfi', '-i', `sine=frequency=330:duration=${SECONDS}`];
// zoompan over a photo scaled up first, so the pan moves by fractions of a source pixel.
const pan = (photo, extra) => ['-loop', '1', '-i', path.join(PHOTOS, photo), ...tone, '-filter_complex', `[0:v]scale=3840:-2:flags=lanczos,zoompan=z='1.15+0.15*sin(on/80)':x='(iw-iw/zoom)*on/${SECONDS * 30}':y='(ih-ih/zoom)/2':d=${SECONDS * 30}:s=1280x720:fps=30,${extra}[v]`, '-map', '[v]', '-map', '1:a', '-t', String(SECONDS)];

export function makeClips() {
  mkdirSync(CLIP_DIR, { recursive: true });
  const clips = {
    pan: path.join(CLIP_DIR, `pan${suffix}.mp4`),
    screen: path.join(CLIP_DIR, `screen${suffix}.mp4`),
    dark: path.join(CLIP_DIR, `dark${suffix}.mp4`),
  };
  if (!existsSync(clips.pan)) ff([...pan('coffee.webp', 'noise=alls=4:allf=t'), ...camera('3.5M'), clips.pan]);
  if (!existsSync(clips.dark)) ff([...pan('astronaut.webp', 'eq=brightness=-0.25:gamma=0.6,noise=alls=9:allf=t'), ...camera('3M'), clips.dark]);
  if (!existsSync(clips.screen)) {
    const text = path.join(CLIP_DIR, 'text.txt');
    const lines = [];
    for (let i = 1; i <= Math.max(120, Math.ceil((SECONDS * 60 + 720) / 30)); i++) lines.push(`${String(i).padStart(3)}  export function step${i}(input: number[]): number { return input.reduce((a, b) => a + b * ${i}, 0); }`);
    writeFileSync(text, lines.join('\n'));
    // White page, dark monospaced text, scrolling up 60 px a second as a reader would.
    ff(['-f', 'lavfi', '-i', `color=c=white:s=1280x${Math.max(4000, SECONDS * 60 + 760)}:r=30:d=${SECONDS}`, ...tone, '-filter_complex', `[0:v]drawtext=textfile=${text}:fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf:fontsize=18:fontcolor=0x202020:x=20:y=20:line_spacing=12,crop=1280:720:0:'t*60'[v]`, '-map', '[v]', '-map', '1:a', '-t', String(SECONDS), ...camera('2.5M'), clips.screen]);
  }
  return clips;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(makeClips());
