// Bookkeeping for decoding one recording as several runs at once (parallel-peaks.ts): where each run's kept samples
// start, and how far from the start every sample is decoded, so peaks are handed on from the left in order.

/** How far the runs starting at frames `starts` (ascending, the first 0) have decoded without a gap from frame 0. */
export class Frontier {
  private readonly reached: number[];
  constructor(private readonly starts: number[]) {
    this.reached = [...starts];
  }

  /** Run `run` has decoded every frame of its own up to `frame` (exclusive). */
  advance(run: number, frame: number): void {
    this.reached[run] = Math.max(this.reached[run], frame);
  }

  /** Run `run` is finished: its frames up to the next run's start are all in. */
  finish(run: number): void {
    this.advance(run, this.starts[run + 1] ?? Infinity);
  }

  /** Every frame before this one is decoded. */
  get done(): number {
    let frame = this.reached[0];
    for (let r = 1; r < this.starts.length && frame >= this.starts[r]; r++) frame = Math.max(frame, this.reached[r]);
    return frame;
  }
}

/**
 * Where a decoder's output goes, the way mediabunny's AudioSampleSink places it (so the peaks are the same as its):
 * the first output lands on the first packet's time, each next one follows the last, and a timestamp that jumps by a
 * whole output or more from there is followed instead. Frames, not seconds.
 */
export class SampleClock {
  private next: number | null = null;
  private offset = 0;
  constructor(
    private readonly rate: number,
    /** The first packet fed to the decoder, in seconds. */
    private readonly firstPacket: number,
  ) {}

  /** The first frame of an output of `frames` frames stamped `timestamp` seconds. */
  place(timestamp: number, frames: number): number {
    if (this.next === null) this.offset = this.firstPacket - timestamp;
    const at = (timestamp + this.offset) * this.rate;
    if (this.next === null || Math.abs(at - this.next) >= frames) this.next = at;
    const first = Math.round(this.next);
    this.next += frames;
    return first;
  }
}
