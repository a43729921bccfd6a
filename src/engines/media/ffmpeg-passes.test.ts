import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNT_FILTER, EBUR128_FILTER, floatBytes, gainFilter, normaliseByPasses, parseAudioStream, parseEbur128, parseSampleCount } from './ffmpeg-passes';
import { sameFormat } from './same-format';

// Debian's ffmpeg 5.1 (the wasm core's version) runs the passes with the app's filters; its log is what they parse.
const dir = mkdtempSync(path.join(tmpdir(), 'ffmpeg-passes-'));
const log = (args: string[]) => spawnSync('ffmpeg', ['-hide_banner', '-nostats', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 }).stderr.split('\n');
const pass = (file: string, filter: string) => log(['-i', file, '-vn', '-af', filter, '-f', 'null', '-']);

function make(name: string, input: string[], args: string[]): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...input, ...args, file]);
  return file;
}

const MUSIC = ['-f', 'lavfi', '-i', "aevalsrc='0.3*sin(2*PI*220*t)*(0.6+0.4*sin(2*PI*2*t))+0.2*sin(2*PI*277*t)+0.15*sin(2*PI*3520*t)*gt(mod(t,0.5),0.4)|0.25*sin(2*PI*330*t)+0.2*sin(2*PI*165*t)':s=44100:d=8"];
// About -55 LUFS with one loud click: the gain alone would clip it.
const QUIET = ['-f', 'lavfi', '-i', "anoisesrc=color=pink:amplitude=0.003:d=6:r=48000,aeval='val(0)+0.5*eq(n\\,100000)'"];

describe('ffmpeg passes (long audio without a decoded copy)', () => {
  it("reads the input's stream, its length in samples and ebur128's summary", () => {
    const mp3 = make('music.mp3', MUSIC, ['-c:a', 'libmp3lame']);
    const info = parseAudioStream(log(['-i', mp3, '-t', '0', '-f', 'null', '-']));
    expect(info).toMatchObject({ rate: 44100, channels: 2 });
    // The container's length (LAME's frames, padding included).
    expect(Math.abs(info.duration! - 8)).toBeLessThan(0.1);
    expect(floatBytes(info)).toBe(info.duration! * 44100 * 2 * 4);
    const mono = parseAudioStream(log(['-i', make('quiet.flac', QUIET, []), '-t', '0', '-f', 'null', '-']));
    expect(mono).toMatchObject({ rate: 48000, channels: 1 });
    // As many sample frames as ffmpeg decodes (LAME's delay and padding taken off).
    const decoded = execFileSync('ffmpeg', ['-v', 'error', '-i', mp3, '-ac', '1', '-f', 's16le', '-'], { maxBuffer: 1 << 26 }).length / 2;
    expect(parseSampleCount(pass(mp3, COUNT_FILTER))).toBe(decoded);
    expect(decoded).toBe(8 * 44100);
    const loud = parseEbur128(pass(mp3, EBUR128_FILTER));
    expect(loud!.integrated).toBeLessThan(-10);
    expect(loud!.integrated).toBeGreaterThan(-25);
    expect(loud!.truePeak).toBeLessThan(0);
    expect(parseEbur128(pass(make('silence.wav', ['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '2'], []), EBUR128_FILTER))).toMatchObject({ integrated: -Infinity, truePeak: -Infinity });
    expect(parseEbur128(['no summary here'])).toBeNull();
  });

  for (const [name, input, ext] of [['music', MUSIC, 'mp3'], ['quiet', QUIET, 'opus']] as const) {
    it(`normalises ${name} (${ext}) by passes to the target under the true-peak ceiling (ebur128)`, { timeout: 60_000 }, async () => {
      const source = make(`${name}-src.${ext}`, input, sameFormat(ext).args);
      const before = parseEbur128(pass(source, EBUR128_FILTER))!;
      for (const [target, ceiling] of [[-14, -1], [-23, -2]]) {
        let n = 0;
        const result = await normaliseByPasses(before, target, ceiling, async (gainDb, limitDb) => {
          const out = path.join(dir, `${name}${target}-${n++}.${ext}`);
          execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', source, '-vn', '-af', gainFilter(gainDb, limitDb), ...sameFormat(ext).args, out]);
          return { after: parseEbur128(pass(out, EBUR128_FILTER))! };
        });
        console.log(`${name} ${ext} ${before.integrated} LUFS, TP ${before.truePeak} → ${result.after.integrated} LUFS, TP ${result.after.truePeak} (target ${target}, ceiling ${ceiling}; gain ${result.gainDb.toFixed(1)} dB, limit ${result.limitDb?.toFixed(1) ?? 'none'}, ${n} passes)`);
        expect(Math.abs(result.after.integrated - target)).toBeLessThan(0.5);
        expect(result.after.truePeak).toBeLessThanOrEqual(ceiling);
      }
    });
  }

  it('limits only where the gain would pass the ceiling', () => {
    expect(gainFilter(3, null)).toBe('volume=3.00dB');
    expect(gainFilter(20, -1.3)).toBe('volume=20.00dB,alimiter=limit=0.86099:attack=1:release=80:level=0:latency=1');
  });
});
