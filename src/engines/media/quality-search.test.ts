import { describe, expect, it } from 'vitest';
import { chosenCrf, inputRejected, inputTruncated, nextCrf, outputFrames, parseFrame, parseSsim, parseStreamInfo, rateCap, sampleWindows, windowLength, workPlan } from './quality-search';

describe('quality-first search', () => {
  it('samples three windows centred in equal parts of a video, the whole of a short one', () => {
    expect(sampleWindows(30)).toEqual([
      { start: 4.5, length: 1 },
      { start: 14.5, length: 1 },
      { start: 24.5, length: 1 },
    ]);
    expect(sampleWindows(4)).toEqual([{ start: 0, length: 4 }]);
    expect(sampleWindows(0)).toEqual([{ start: 0, length: 0 }]);
  });
  it("gives a short video's search half-second windows, a long one's a second each", () => {
    expect(windowLength(8)).toBe(0.5);
    expect(windowLength(16)).toBe(0.5);
    expect(windowLength(24)).toBe(0.75);
    expect(windowLength(32)).toBe(1);
    expect(windowLength(600)).toBe(1);
    // The 8 s clip: three half-second windows centred in its thirds (45 frames at 30 fps, not 90 of its 240).
    expect(sampleWindows(8, 3, windowLength(8))).toEqual([
      { start: 4 / 3 - 0.25, length: 0.5 },
      { start: 4 - 0.25, length: 0.5 },
      { start: 20 / 3 - 0.25, length: 0.5 },
    ]);
    // Under 2.25 s the whole video is the sample.
    expect(sampleWindows(2, 3, windowLength(2))).toEqual([{ start: 0, length: 2 }]);
  });
  it("reads ffmpeg's SSIM summary and stream lines", () => {
    expect(parseSsim('[Parsed_ssim_4 @ 0x1] SSIM Y:0.971 (15.3) U:0.98 (17.0) V:0.979 (16.8) All:0.9743 (15.9)')).toBe(0.9743);
    expect(parseSsim('frame=  30 fps=0.0')).toBeUndefined();
    const info = parseStreamInfo([
      '  Duration: 00:00:08.00, start: 0.000000, bitrate: 3629 kb/s',
      '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1280x720 [SAR 1:1 DAR 16:9], 3491 kb/s, 30 fps, 30 tbr, 15360 tbn (default)',
      '  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 128 kb/s (default)',
    ]);
    expect(info).toEqual({ duration: 8, width: 1280, height: 720, fps: 30, videoBitrate: 3_491_000, audioCodec: 'aac' });
    // An AVI's MPEG-4 Part 2 stream: no bit rate on its line.
    expect(parseStreamInfo(['  Stream #0:0: Video: mpeg4 (Simple Profile) (FMP4 / 0x34504D46), yuv420p, 320x240 [SAR 1:1 DAR 4:3], 25 fps, 25 tbr, 25 tbn'])).toEqual({ width: 320, height: 240, fps: 25 });
  });
  it('steps the CRF towards the target, then takes the secant between probes on both sides', () => {
    // Above the target: a coarser CRF; the slope says 0.012 / 0.004 = 3 steps.
    expect(nextCrf([{ crf: 23, ssim: 0.982 }], 0.97)).toBe(26);
    // Far below: at most 8 steps finer.
    expect(nextCrf([{ crf: 23, ssim: 0.9 }], 0.97)).toBe(15);
    // Between 26 (0.975) and 30 (0.96) the target 0.97 sits a third of the way: 27.33, rounded to a half step.
    expect(nextCrf([{ crf: 26, ssim: 0.975 }, { crf: 30, ssim: 0.96 }], 0.97)).toBe(27.5);
    // Close enough ends the search, and so does a CRF already tried.
    expect(nextCrf([{ crf: 23, ssim: 0.971 }], 0.97)).toBeUndefined();
    expect(nextCrf([{ crf: 26, ssim: 0.9735 }, { crf: 26.5, ssim: 0.966 }], 0.97)).toBeUndefined();
    // Limits: never past CRF 40 or under 12.
    expect(nextCrf([{ crf: 38, ssim: 0.999 }], 0.97)).toBe(40);
  });
  it('encodes at the coarsest CRF that reached the target', () => {
    expect(chosenCrf([{ crf: 23, ssim: 0.982 }, { crf: 26, ssim: 0.974 }, { crf: 28, ssim: 0.962 }], 0.97)).toBe(26);
    expect(chosenCrf([{ crf: 23, ssim: 0.95 }, { crf: 15, ssim: 0.96 }], 0.97)).toBe(15);
  });
  it("caps the bit rate at the input's own, and counts the job's work", () => {
    expect(rateCap(3_491_000)).toEqual(['-maxrate', '3491000', '-bufsize', '6982000']);
    expect(rateCap(undefined)).toEqual([]);
    expect(workPlan(240, 90, 3)).toEqual({ probe: 117, encode: 240, check: 27, total: 618 });
  });

  it('tells a file ffmpeg cannot open and one cut short from a whole one (native ffmpeg 7 log lines)', () => {
    const text = ['[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55890df59840] moov atom not found', '/q1/notes.mp4: Invalid data found when processing input'];
    const whole = ["Input #0, mov,mp4,m4a,3gp,3g2,mj2, from '/q1/small.mp4':", '  Duration: 00:00:04.00, start: 0.000000, bitrate: 1129 kb/s'];
    expect(inputRejected(text)).toBe(true);
    expect(inputRejected(whole)).toBe(false);
    expect(inputRejected([])).toBe(false);
    // Half of a fast-start MP4: its index promises packets that are not there.
    const cut = ['[h264 @ 0x56057d56b9c0] Invalid NAL unit size (4147 > 1175).', '[mov,mp4,m4a,3gp,3g2,mj2 @ 0x56057d537840] stream 0, offset 0x45c2c: partial file'];
    expect(inputTruncated(cut)).toBe(true);
    expect(inputTruncated(whole)).toBe(false);
  });

  it("counts the encode's progress in frames: ffmpeg's stats lines, and the frames the index holds", () => {
    // Native ffmpeg 7 stats lines (ffmpeg.wasm's 5.1 writes the same start).
    expect(parseFrame('frame=   60 fps=0.0 q=-1.0 Lsize=N/A time=00:00:01.93 bitrate=N/A speed= 2.2x    ')).toBe(60);
    expect(parseFrame('frame=    1 fps=0.0 q=0.0 size=N/A time=00:00:00.00 bitrate=N/A speed=   0x')).toBe(1);
    expect(parseFrame('  Stream #0:0: Video: h264, frame=12')).toBeUndefined();
    expect(parseFrame('[libx264 @ 0x1] frame I:2     Avg QP:20.00  size: 1000')).toBeUndefined();
    // 240 indexed frames; without an index, length × rate; a cap of 15 fps on 30 halves them; a cap above keeps them.
    expect(outputFrames(240, 8, 30, 0)).toBe(240);
    expect(outputFrames(null, 8.04, 29.97, 0)).toBe(241);
    expect(outputFrames(240, 8, 30, 15)).toBe(120);
    expect(outputFrames(240, 8, 30, 30)).toBe(240);
  });
});
