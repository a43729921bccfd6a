// WAVs of one sample format joined by their bytes (no crossfade): Blob slices of each file's samples under one header,
// lossless and without decoding; only the few ms on each side of a join that would click are read, ramped and
// written back in the same format. Pure logic on Blobs; Vitest checks it against joinParts.
import { applyGain, readSamples, wavHeader, type WavLayout } from '../../../engines/media/wav-trim';
import { declick, joinPlan, rampDown, rampUp } from './join';

/** The data chunk's size field is 32-bit. */
const MAX_DATA = 0xffffffff - 64;

/** Whether the files can be joined as bytes: all WAVs of one format, rate and channel count, under 4 GB together. */
export function sameWavFormat(layouts: (WavLayout | null)[]): layouts is WavLayout[] {
  const [a] = layouts;
  if (!a) return false;
  const same = layouts.every((l) => l && l.format === a.format && l.bitsPerSample === a.bitsPerSample && l.channels === a.channels && l.sampleRate === a.sampleRate);
  return same && layouts.reduce((n, l) => n + l!.dataSize, 0) <= MAX_DATA;
}

export async function joinWavBytes(files: Blob[], layouts: WavLayout[], declickFrames: number): Promise<{ blob: Blob; frames: number; smoothed: number }> {
  const [{ blockAlign, channels, fmt }] = layouts;
  const frames = layouts.map((l) => l.dataSize / blockAlign);
  const bytes = (i: number, from: number, to: number) => files[i].slice(layouts[i].dataOffset + from * blockAlign, layouts[i].dataOffset + to * blockAlign);
  const pieces: BlobPart[] = [];
  let size = 0;
  let smoothed = 0;
  for (const piece of joinPlan(frames, 0, declickFrames)) {
    if ('part' in piece) {
      pieces.push(bytes(piece.part, piece.from, piece.to));
      size += (piece.to - piece.from) * blockAlign;
      continue;
    }
    if (!('join' in piece)) continue; // no crossfades here
    const i = piece.join;
    const n = piece.frames;
    const tail = new Uint8Array(await bytes(i, frames[i] - n, frames[i]).arrayBuffer());
    const head = new Uint8Array(await bytes(i + 1, 0, n).arrayBuffer());
    if (declick(readSamples(tail, layouts[i]), readSamples(head, layouts[i]), channels)) {
      applyGain(tail, layouts[i], (f) => rampDown(f, n));
      applyGain(head, layouts[i], (f) => rampUp(f, n));
      smoothed++;
    }
    pieces.push(tail, head);
    size += 2 * n * blockAlign;
  }
  // A chunk of odd size is followed by a pad byte (8-bit mono, an odd number of frames).
  if (size & 1) pieces.push(new Uint8Array(1));
  return { blob: new Blob([wavHeader(fmt, size) as Uint8Array<ArrayBuffer>, ...pieces], { type: 'audio/wav' }), frames: size / blockAlign, smoothed };
}
