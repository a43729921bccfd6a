import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeVideos } from './merge-video';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version']);
    return true;
  } catch {
    return false;
  }
})();

const dir = mkdtempSync(path.join(tmpdir(), 'vmerge-'));

/** A 160×120 25 fps H.264 + AAC clip: black, one white frame and a 1 kHz beep at `flash` seconds. */
function clip(name: string, flash: number, duration: number): string {
  const file = path.join(dir, name);
  const filter = `[0:v]drawbox=c=white:t=fill:enable='between(t,${flash},${flash + 0.039})'[v];[1:a]volume=enable='not(between(t,${flash},${flash + 0.04}))':volume=0[a]`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=black:s=160x120:r=25:d=${duration}`, '-f', 'lavfi', '-i', `sine=f=1000:r=48000:d=${duration}`, '-filter_complex', filter, '-map', '[v]', '-map', '[a]', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac', '2', '-shortest', file]);
  return file;
}

const asFile = (p: string) => new File([readFileSync(p)], path.basename(p));
const videoHashes = (p: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', p, '-map', '0:v', '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').at(-1)!.trim());

describe.skipIf(!hasFfmpeg)('mergeVideos (packet copy)', () => {
  it('joins matching clips without re-encoding: the sum of their lengths, their pictures byte for byte', async () => {
    const parts = [clip('a.mp4', 0.8, 1.6), clip('b.mp4', 0.4, 1.2), clip('c.mp4', 1, 2)];
    const progress: number[] = [];
    const r = await mergeVideos(parts.map(asFile), null, (done, total) => progress.push(done / total));
    expect(r.reencoded).toBeNull();
    expect(r.extension).toBe('mp4');
    expect(r.duration).toBeCloseTo(4.8, 6);
    expect(progress.at(-1)).toBe(1);
    const out = path.join(dir, 'merged.mp4');
    writeFileSync(out, new Uint8Array(r.data as ArrayBuffer));
    const probed = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out], { encoding: 'utf8' }));
    expect(Math.abs(probed - 4.8)).toBeLessThanOrEqual(0.04);
    expect(videoHashes(out)).toEqual(parts.flatMap(videoHashes));
  });

  it('names the file that is empty, unreadable or truncated', async () => {
    const a = clip('ok.mp4', 0.2, 0.6);
    const bytes = readFileSync(a);
    await expect(mergeVideos([asFile(a), new File([], 'empty.mp4')], null, () => {})).rejects.toMatchObject({ key: 'video-merge:errors.empty', params: { name: 'empty.mp4' } });
    await expect(mergeVideos([asFile(a), new File([new TextEncoder().encode('not a video at all')], 'text.mp4')], null, () => {})).rejects.toMatchObject({ params: { name: 'text.mp4' } });
    await expect(mergeVideos([new File([bytes.subarray(0, Math.floor(bytes.length / 2))], 'half.mp4'), asFile(a)], null, () => {})).rejects.toMatchObject({ params: { name: 'half.mp4' } });
  });
});
