// The named fallback of video trim and video speed for containers whose packets cannot be copied here (mediabunny
// reads neither AVI nor FLV and cannot write MPEG-TS back): ffmpeg.wasm decodes the file and writes MP4 (H.264 + AAC).
// Pure: builds the arguments.
import type { TimeRange } from '../../lib/time-ranges';
import { atempoChain } from './tempo';

/** Input extensions that take the re-encode (the page and the row say so). */
export const REENCODED_CONTAINERS: ReadonlySet<string> = new Set(['avi', 'flv', 'ts', 'mts', 'm2ts']);

const PICTURES = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-threads', '4', '-pix_fmt', 'yuv420p'];
const sound = (remove: boolean) => (remove ? ['-an'] : ['-c:a', 'aac', '-b:a', '160k']);
const OUT = ['-map_metadata', '-1', '-movflags', '+faststart'];

/** Whether time t (ffmpeg expression) is in one of the kept ranges; an open end (Infinity) runs to the end. */
export function keptExpression(kept: readonly TimeRange[]): string {
  return kept.map((r) => (Number.isFinite(r.end) ? `gte(t\\,${r.start})*lt(t\\,${r.end})` : `gte(t\\,${r.start})`)).join('+');
}

/** The kept pieces' pictures and sound, each renumbered to run on without gaps. */
export function trimReencodeArgs(kept: readonly TimeRange[], removeAudio: boolean): string[] {
  const expr = keptExpression(kept);
  return [
    '-map', '0:v:0', ...(removeAudio ? [] : ['-map', '0:a:0?']),
    '-vf', `select='${expr}',setpts=N/FRAME_RATE/TB`,
    ...(removeAudio ? [] : ['-af', `aselect='${expr}',asetpts=N/SR/TB`]),
    ...PICTURES, ...sound(removeAudio), ...OUT,
  ];
}

/** Every picture kept, shown `speed` times as fast; the sound time-stretched with its pitch kept. */
export function speedReencodeArgs(speed: number, removeAudio: boolean): string[] {
  const tempo = atempoChain(speed);
  return [
    '-map', '0:v:0', ...(removeAudio ? [] : ['-map', '0:a:0?']),
    // Each picture at its own time in a fine time base: in the input rate's, sped-up frames would share times and be dropped.
    '-vf', `setpts=(PTS-STARTPTS)/${speed}`, '-fps_mode', 'vfr', '-enc_time_base', '1/90000',
    ...(removeAudio || !tempo.length ? [] : ['-af', tempo.join(',')]),
    ...PICTURES, ...sound(removeAudio), ...OUT,
  ];
}
