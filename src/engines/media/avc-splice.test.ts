import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_FORMATS, BufferSource, BufferTarget, EncodedPacket, EncodedPacketSink, EncodedVideoPacketSource, Input, MkvOutputFormat, Mp4OutputFormat, Output } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvcSplice, isIdrSample, nalType, nalUnits, parseAvcC, ppsInfo, renumberSlice, spsIdOf } from './avc-splice';

// The splice on real encoders' bytes: a source from x264's defaults (High profile, CABAC, B-frames) and a head from
// x264's Baseline profile (CAVLC, no B-frames), both with parameter sets under id 0 — what WebCodecs' H.264 encoders
// give next to a camera's or an app's file. Judged by ffmpeg: the file decodes without an error, every copied
// packet is the source's, and the copied pictures decode to the source's pictures.
const framemd5 = (file: string, copy: boolean) =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v', ...(copy ? ['-c', 'copy'] : []), '-f', 'framemd5', '-'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',')[5].trim());

async function readTrack(file: string) {
  const input = new Input({ source: new BufferSource(readFileSync(file)), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  const config = (await track.getDecoderConfig())!;
  const packets: EncodedPacket[] = [];
  for await (const p of new EncodedPacketSink(track).packets()) packets.push(p);
  return { description: new Uint8Array(config.description as ArrayBuffer), config, packets };
}

describe('AvcSplice on real x264 bytes', () => {
  let dir: string;
  let source: Awaited<ReturnType<typeof readTrack>>;
  let head: Awaited<ReturnType<typeof readTrack>>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'avc-splice-'));
    const lavfi = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2'];
    execFileSync('ffmpeg', [...lavfi, '-c:v', 'libx264', '-g', '25', '-pix_fmt', 'yuv420p', '-y', path.join(dir, 'source.mp4')]);
    // Pictures 13-24 (0.52-0.96 s) again, as the head of a cut at 0.52 s: a Baseline stream starting on an IDR.
    execFileSync('ffmpeg', [...lavfi, '-vf', 'trim=start_frame=13:end_frame=25,setpts=PTS-STARTPTS', '-c:v', 'libx264', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-y', path.join(dir, 'head.mp4')]);
    [source, head] = await Promise.all([readTrack(path.join(dir, 'source.mp4')), readTrack(path.join(dir, 'head.mp4'))]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('renumbers the head parameter sets and slices past the source ids, bit for bit reversibly', () => {
    const src = parseAvcC(source.description)!;
    const enc = parseAvcC(head.description)!;
    expect([src.sps.map(spsIdOf), src.pps.map((p) => ppsInfo(p).id), ppsInfo(src.pps[0]).cabac]).toEqual([[0], [0], true]);
    expect([enc.sps.map(spsIdOf), enc.pps.map((p) => ppsInfo(p).id), ppsInfo(enc.pps[0]).cabac]).toEqual([[0], [0], false]);
    const splice = new AvcSplice(src);
    const rewrite = splice.add(head.description)!;
    expect(splice.add(head.description)).toBe(rewrite);
    const merged = parseAvcC(splice.description())!;
    expect(merged.sps.map(spsIdOf)).toEqual([0, 1]);
    expect(merged.pps.map((p) => ppsInfo(p))).toEqual([
      { id: 0, sps: 0, cabac: true },
      { id: 1, sps: 1, cabac: false },
    ]);
    // The source's own parameter sets and the High profile fields after them are kept as they were.
    expect([merged.sps[0], merged.pps[0], merged.tail, merged.profile]).toEqual([src.sps[0], src.pps[0], src.tail, src.profile]);
    for (const packet of head.packets) {
      const slices = nalUnits(rewrite(packet.data), src.lengthSize).filter((n) => nalType(n) === 1 || nalType(n) === 5);
      const original = nalUnits(packet.data, enc.lengthSize).filter((n) => nalType(n) === 1 || nalType(n) === 5);
      expect(slices.length).toBe(original.length);
      // Back to id 0 gives the encoder's bytes: the rest of each slice moved, not changed.
      slices.forEach((s, i) => expect(renumberSlice(s, 0)).toEqual(original[i]));
    }
    expect(isIdrSample(head.packets[0].data, enc.lengthSize)).toBe(true);
    expect(isIdrSample(head.packets[1].data, enc.lengthSize)).toBe(false);
  });

  it.each([
    ['mp4', () => new Mp4OutputFormat()],
    ['mkv', () => new MkvOutputFormat()],
  ] as const)('a Baseline head before copied High/B-frame packets decodes without an error, the copied ones byte for byte (%s)', async (ext, format) => {
    const splice = new AvcSplice(parseAvcC(source.description)!);
    const rewrite = splice.add(head.description)!;
    const key = source.packets.findIndex((p, i) => i > 0 && p.type === 'key');
    expect(source.packets[key].timestamp).toBe(1);
    const output = new Output({ format: format(), target: new BufferTarget() });
    const track = new EncodedVideoPacketSource('avc');
    output.addVideoTrack(track);
    await output.start();
    const decoderConfig = { ...source.config, description: splice.description() };
    let first = true;
    for (const [i, p] of head.packets.entries()) {
      await track.add(new EncodedPacket(rewrite(p.data), p.type, 0.52 + i * 0.04, 0.04), first ? { decoderConfig } : undefined);
      first = false;
    }
    for (const p of source.packets.slice(key)) await track.add(p);
    await output.finalize();
    const file = path.join(dir, `spliced.${ext}`);
    writeFileSync(file, new Uint8Array(output.target.buffer!));
    expect(spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' }).stderr).toBe('');
    const frames = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim();
    expect(Number(frames)).toBe(12 + 25);
    const srcFile = path.join(dir, 'source.mp4');
    expect(framemd5(file, true).slice(12)).toEqual(framemd5(srcFile, true).slice(25));
    expect(framemd5(file, false).slice(12)).toEqual(framemd5(srcFile, false).slice(25));
    expect(framemd5(file, false).slice(0, 12)).toEqual(framemd5(path.join(dir, 'head.mp4'), false));
  });

  it('tells an IDR key frame (where the decoder may switch SPS) from an open GOP\'s I picture marked as a key frame', async () => {
    const file = path.join(dir, 'open-gop.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2', '-c:v', 'libx264', '-g', '25', '-x264-params', 'open-gop=1', '-pix_fmt', 'yuv420p', '-y', file]);
    const open = await readTrack(file);
    const lengthSize = parseAvcC(open.description)!.lengthSize;
    const keys = open.packets.filter((p) => p.type === 'key');
    expect(keys.map((p) => p.timestamp)).toEqual([0, 1]);
    expect(keys.map((p) => isIdrSample(p.data, lengthSize))).toEqual([true, false]);
    expect(source.packets.filter((p) => p.type === 'key').every((p) => isIdrSample(p.data, lengthSize))).toBe(true);
  });
});
