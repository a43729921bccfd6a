// The named fallback of video trim and video speed for containers whose packets cannot be copied here (mediabunny
// reads neither AVI nor FLV and cannot write MPEG-TS back): ffmpeg.wasm decodes the file and writes MP4 (H.264 + AAC).
// Pure: builds the arguments.
// Pictures and sound keep their own times (minus what is cut, or divided by the factor), never renumbered: renumbering
// (N/FRAME_RATE) runs a variable-frame-rate camera file's pictures at a made-up rate, away from its sound, and resetting
// each stream to its own start (STARTPTS) loses the gap between a TS's sound and picture starts.
import type { TimeRange } from '../../lib/time-ranges';
import { atempoChain } from './tempo';

/** Input extensions that take the re-encode (the page and the row say so). */
export const REENCODED_CONTAINERS: ReadonlySet<string> = new Set(['avi', 'flv', 'ts', 'mts', 'm2ts']);

const PICTURES = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-threads', '4', '-pix_fmt', 'yuv420p'];
const sound = (remove: boolean) => (remove ? ['-an'] : ['-c:a', 'aac', '-b:a', '160k']);
// Each picture at its own time in a fine time base: in the input rate's, retimed or variable-rate pictures would share
// times and be dropped.
const OWN_TIMES = ['-fps_mode', 'passthrough', '-enc_time_base', '1/90000'];
// The filters' times in that base too: in an AVI's 1/25 s, a time divided by 2 falls between ticks and is rounded onto its neighbour's.
const FINE_TB = 'settb=1/90000';
const OUT = ['-map_metadata', '-1', '-movflags', '+faststart'];
const num = (n: number) => String(Number(n.toFixed(6)));

/** Whether time t (ffmpeg expression) is in one of the kept ranges; an open end (Infinity) runs to the end. */
export function keptExpression(kept: readonly TimeRange[], t = 't'): string {
  return kept.map((r) => (Number.isFinite(r.end) ? `gte(${t}\\,${num(r.start)})*lt(${t}\\,${num(r.end)})` : `gte(${t}\\,${num(r.start)})`)).join('+');
}

/** How far each kept piece moves back: its start less the length of the pieces before it. */
export function pieceShifts(kept: readonly TimeRange[]): number[] {
  let before = 0;
  return kept.map((r) => {
    const shift = r.start - before;
    before += r.end - r.start;
    return shift;
  });
}

/** The kept pictures, each at its source time less its piece's shift (so variable frame rates stay as they were). */
export function trimVideoFilter(kept: readonly TimeRange[]): string {
  const shifts = pieceShifts(kept);
  const shift = kept.map((r, i) => `${keptExpression([r], 'T')}*${num(shifts[i])}`).join('+');
  return `select='${keptExpression(kept)}',${FINE_TB},setpts='(T-(${shift}))/TB'`;
}

/** The kept sound, cut to the sample (atrim) and joined end to end (concat), from the first piece's start as the pictures are. */
export function trimAudioFilter(kept: readonly TimeRange[]): string {
  const cut = (r: TimeRange) => `atrim=start=${num(r.start)}${Number.isFinite(r.end) ? `:end=${num(r.end)}` : ''},asetpts=PTS-${num(r.start)}/TB`;
  if (kept.length === 1) return cut(kept[0]);
  const labels = kept.map((_, i) => `[p${i}]`);
  return [`asplit=${kept.length}${kept.map((_, i) => `[s${i}]`).join('')}`, ...kept.map((r, i) => `[s${i}]${cut(r)}${labels[i]}`), `${labels.join('')}concat=n=${kept.length}:v=0:a=1`].join(';');
}

/** The kept pieces' pictures and sound, joined without gaps, in sync as they were in the source. */
export function trimReencodeArgs(kept: readonly TimeRange[], removeAudio: boolean): string[] {
  return [
    '-map', '0:v:0', ...(removeAudio ? [] : ['-map', '0:a:0?']),
    '-vf', trimVideoFilter(kept), ...OWN_TIMES,
    ...(removeAudio ? [] : ['-af', trimAudioFilter(kept)]),
    ...PICTURES, ...sound(removeAudio), ...OUT,
  ];
}

/** Every picture kept, shown `speed` times as fast; the sound time-stretched with its pitch kept, from its own start divided too. */
export function speedReencodeArgs(speed: number, removeAudio: boolean): string[] {
  const tempo = atempoChain(speed);
  return [
    '-map', '0:v:0', ...(removeAudio ? [] : ['-map', '0:a:0?']),
    '-vf', `${FINE_TB},setpts=PTS/${num(speed)}`, ...OWN_TIMES,
    // atempo counts its output from its first input time: that time is divided first.
    ...(removeAudio || !tempo.length ? [] : ['-af', [`asetpts=PTS/${num(speed)}`, ...tempo].join(',')]),
    ...PICTURES, ...sound(removeAudio), ...OUT,
  ];
}
