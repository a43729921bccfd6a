// Inputs and outside judges of the audio edit tools (loudness, speed), shared by the Chromium, Firefox and WebKit specs:
// espeak-ng and ffmpeg's lavfi make the inputs once; ffmpeg's ebur128, ffprobe and sox judge the outputs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Named after the recipe's version: a changed recipe is made anew, not read from an older run's folder.
export const AUDIO_FX_DIR = '/tmp/localkit-audio-fx-2';

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/** Made once per machine: speech (espeak-ng, WAV), music-like (lavfi, FLAC), very quiet (lavfi, WAV, about −50 LUFS), an MP3, a 440 Hz tone, and hostile files. */
export function audioFixtures() {
  const f = (name: string) => path.join(AUDIO_FX_DIR, name);
  if (!existsSync(f('done'))) {
    mkdirSync(AUDIO_FX_DIR, { recursive: true });
    execFileSync('espeak-ng', ['-w', f('espeak.wav'), 'Nothing a user drops in is ever uploaded. This sentence is made as loud as the platforms want, and measured twice.']);
    ffmpeg(['-i', f('espeak.wav'), '-ar', '44100', f('speech.wav')]);
    ffmpeg(['-f', 'lavfi', '-i', "aevalsrc='0.3*sin(2*PI*220*t)*(0.6+0.4*sin(2*PI*2*t))+0.2*sin(2*PI*277*t)+0.15*sin(2*PI*3520*t)*gt(mod(t\\,0.5)\\,0.4)|0.25*sin(2*PI*330*t)+0.2*sin(2*PI*165*t)':s=48000:d=6", '-c:a', 'flac', f('music.flac')]);
    ffmpeg(['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.006:d=5:r=48000', '-ac', '2', '-c:a', 'pcm_s24le', f('quiet.wav')]);
    ffmpeg(['-i', f('speech.wav'), '-c:a', 'libmp3lame', '-b:a', '128k', f('speech.mp3')]);
    ffmpeg(['-f', 'lavfi', '-i', 'sine=f=440:r=44100:d=3', '-ac', '2', f('tone.wav')]);
    ffmpeg(['-f', 'lavfi', '-i', 'sine=f=440:r=48000:d=3', '-c:a', 'flac', f('tone.flac')]);
    writeFileSync(f('empty.wav'), new Uint8Array(0));
    writeFileSync(f('not-audio.mp3'), '%PDF-1.4 this is not a sound file\n');
    const wav = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=d=2', '-f', 'wav', 'pipe:1'], { maxBuffer: 1 << 24 });
    writeFileSync(f('header-only.wav'), wav.subarray(0, 44));
    writeFileSync(f('done'), '');
  }
  return f;
}

export interface Ebur128 {
  integrated: number;
  range: number;
  truePeak: number;
}

/** ffmpeg's ebur128 filter with true peak: the summary it prints. */
export function ebur128(file: string): Ebur128 {
  const log = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const value = (re: RegExp) => Number(re.exec(summary)?.[1]);
  return { integrated: value(/I:\s+(-?[\d.]+) LUFS/), range: value(/LRA:\s+(-?[\d.]+) LU/), truePeak: value(/Peak:\s+(-?[\d.]+) dBFS/) };
}

/** What ffprobe says of a file: container, codec, duration of the stream in seconds. */
export function ffprobe(file: string): { format: string; codec: string; duration: number; sampleRate: number } {
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name,duration:stream=codec_name,sample_rate,duration', '-of', 'json', file], { encoding: 'utf8' }));
  const stream = out.streams[0];
  return { format: out.format.format_name, codec: stream.codec_name, duration: Number(stream.duration ?? out.format.duration), sampleRate: Number(stream.sample_rate) };
}

/** sox's duration (samples ÷ rate) and its rough frequency (zero crossings), of the file decoded to WAV by ffmpeg. */
export function soxStat(file: string): { seconds: number; frequency: number } {
  const wav = `${file}.judge.wav`;
  ffmpeg(['-i', file, '-ac', '1', wav]);
  const log = spawnSync('sox', [wav, '-n', 'stat'], { encoding: 'utf8' }).stderr;
  return { seconds: Number(/Length \(seconds\):\s+([\d.]+)/.exec(log)?.[1]), frequency: Number(/Rough\s+frequency:\s+(\d+)/.exec(log)?.[1]) };
}

/** The numbers the page shows in a row's line, e.g. "−14.0 LUFS · LRA 3.1 LU · −1.2 dBTP". */
export function rowLoudness(text: string): { integrated: number; truePeak: number }[] {
  return [...text.replace(/−/g, '-').matchAll(/(-?[\d.]+) LUFS · LRA (-?[\d.]+) LU · (-?[\d.]+) dBTP/g)].map((m) => ({ integrated: Number(m[1]), truePeak: Number(m[3]) }));
}
