// Lossless cut planning: which packets of a track a trim copies, and where each cut really falls.
// Pure logic over packet metadata in decode order (no DOM, no mediabunny), so it is tested on real files' packets.
import type { TimeRange } from '../../lib/time-ranges';

export interface PacketInfo {
  /** Presentation time, seconds. */
  timestamp: number;
  duration: number;
  key: boolean;
  /** The packet's size, where known. */
  bytes?: number;
}

export interface CutSegment {
  /** Decode-order indices of the packets copied, ascending. */
  indices: number[];
  /** Where the kept piece really starts and ends in the source (a key frame; the last copied picture's end). */
  start: number;
  end: number;
}

const EPS = 1e-6;

/**
 * The video packets a lossless trim copies for the kept `ranges` (normalised: sorted, disjoint). Each piece starts
 * at the last key frame at or before its typed start (a copied stream can only start on one), skips the pictures
 * shown before that key frame (an open GOP's leading pictures need the previous one), and ends before the first
 * packet in decode order shown at or after the typed end: a decode-order prefix, so every picture kept has what
 * it refers to. Pieces whose key frames meet are joined, so no packet is written twice.
 */
export function planVideoCut(packets: readonly PacketInfo[], ranges: readonly TimeRange[]): CutSegment[] {
  const keys = packets.flatMap((p, i) => (p.key ? [i] : []));
  if (!keys.length) return [];
  const segments: CutSegment[] = [];
  let lastStop = -1;
  for (const range of ranges) {
    let keyIndex = keys[0];
    for (const k of keys) if (packets[k].timestamp <= range.start + EPS) keyIndex = k;
    const keyTime = packets[keyIndex].timestamp;
    const previous = segments.at(-1);
    const join = previous && keyIndex <= lastStop;
    const from = join ? lastStop + 1 : keyIndex;
    const indices: number[] = [];
    let i = from;
    for (; i < packets.length; i++) {
      const p = packets[i];
      if (p.timestamp >= range.end - EPS && i > keyIndex) break;
      if (p.timestamp + EPS >= (join ? previous.start : keyTime)) indices.push(i);
    }
    lastStop = i - 1;
    const end = Math.max(...indices.map((j) => packets[j].timestamp + packets[j].duration), -Infinity);
    if (join) {
      previous.indices.push(...indices);
      previous.end = Math.max(previous.end, end);
    } else if (indices.length) {
      segments.push({ indices, start: keyTime, end });
    }
  }
  return segments;
}

/** Pieces for a file without pictures: every audio packet can start a stream, so the typed ranges stand. */
export const audioOnlySegments = (ranges: readonly TimeRange[]): Omit<CutSegment, 'indices'>[] => ranges.map((r) => ({ start: r.start, end: r.end }));

/** The piece (index) an audio packet belongs to: the one its start falls in, or -1 (dropped). */
export function audioSegmentOf(timestamp: number, segments: readonly Omit<CutSegment, 'indices'>[]): number {
  return segments.findIndex((s) => timestamp >= s.start - EPS && timestamp < s.end - EPS);
}

/** Output time offsets: each piece follows the one before without a gap. */
export function segmentOffsets(segments: readonly Omit<CutSegment, 'indices'>[]): number[] {
  let at = 0;
  return segments.map((s) => {
    const offset = at - s.start;
    at += s.end - s.start;
    return offset;
  });
}

/** A piece of an exact cut: the pictures from the typed start to the next key frame re-encoded, the rest copied. */
export interface ExactSegment extends CutSegment {
  /** Indices of the pictures re-encoded before the copy, in presentation order; empty on a key frame. */
  reencode: number[];
  decodeFrom: number;
  /**
   * Indices of the pictures re-encoded after the copy, in presentation order: with B-frames, those shown before the
   * typed end but decoded after a picture shown at or after it (which a decode-order prefix cannot keep).
   */
  tail: number[];
}

/** True where decode order is presentation order (VP8, VP9, H.264 without B-frames). */
export const inPresentationOrder = (packets: readonly PacketInfo[]) => packets.every((p, i) => i === 0 || p.timestamp >= packets[i - 1].timestamp);

const byTime = (packets: readonly PacketInfo[]) => (a: number, b: number) => packets[a].timestamp - packets[b].timestamp;

/**
 * The pieces of an exact (frame-accurate) cut: each starts on the first picture shown at or after its typed start
 * and ends with the last shown before its typed end. When the first is not a key frame, the pictures up to the next
 * key frame are re-encoded and the packets from that key frame on are copied: a decode-order prefix whose pictures
 * are the earliest shown, so nothing copied refers to a missing picture and nothing is shown out of turn. The
 * pictures shown before the typed end that such a prefix cannot hold (B-frames decoded after a later picture) are
 * re-encoded as a tail. Pieces never share a packet (ranges are disjoint).
 */
export function planExactCut(packets: readonly PacketInfo[], ranges: readonly TimeRange[]): ExactSegment[] {
  const segments: ExactSegment[] = [];
  if (!packets.some((p) => p.key)) return segments;
  const shown = packets.map((_, i) => i).sort(byTime(packets));
  for (const range of ranges) {
    const first = shown.find((i) => packets[i].timestamp >= range.start - EPS);
    if (first === undefined || packets[first].timestamp >= range.end - EPS) continue;
    const firstTime = packets[first].timestamp;
    let decodeFrom = first;
    while (decodeFrom > 0 && !packets[decodeFrom].key) decodeFrom--;
    if (!packets[decodeFrom].key) continue;
    const inRange = (i: number) => packets[i].timestamp >= firstTime - EPS && packets[i].timestamp < range.end - EPS;
    // The copy starts on the first key frame shown in the range, at or after the first picture in decode order.
    let key = -1;
    for (let i = decodeFrom; i < packets.length && key < 0; i++) if (packets[i].key && inRange(i) && (i === first || packets[i].timestamp > firstTime + EPS)) key = i;
    const keyTime = key >= 0 ? packets[key].timestamp : range.end;
    const reencode = key === first ? [] : shown.filter((i) => inRange(i) && packets[i].timestamp < keyTime - EPS);
    const indices: number[] = [];
    let tail: number[] = [];
    if (key >= 0) {
      // Every picture from the key frame on that the piece shows, by time; the copy holds the longest decode-order
      // prefix that is exactly the earliest of them.
      const wanted = shown.filter((i) => i >= key && inRange(i) && packets[i].timestamp >= keyTime - EPS);
      const prefix: number[] = [];
      for (let i = key; i < packets.length && packets[i].timestamp < range.end - EPS; i++) if (packets[i].timestamp >= keyTime - EPS) prefix.push(i);
      let latest = -Infinity;
      let closed = 0;
      for (let n = 0; n < prefix.length; n++) {
        latest = Math.max(latest, packets[prefix[n]].timestamp);
        if (Math.abs(latest - packets[wanted[n]].timestamp) < EPS) closed = n + 1;
      }
      indices.push(...prefix.slice(0, closed));
      tail = wanted.slice(closed);
    }
    const ends = [...reencode, ...indices, ...tail].map((i) => packets[i].timestamp + packets[i].duration);
    segments.push({ indices, reencode, decodeFrom, tail, start: firstTime, end: Math.max(...ends) });
  }
  return segments;
}
