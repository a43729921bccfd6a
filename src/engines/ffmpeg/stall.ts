import { ToolError } from '../../lib/errors';
import { shortenedLimit, silenceTimer } from '../../lib/silence-timer';

/**
 * ffmpeg.wasm's threaded core now and then hangs inside exec: no error, no log line, no frame, for good
 * (ffmpegwasm/ffmpeg.wasm#597, #772, #883; seen here as a trim stuck 120 s without progress and x264 threads idle
 * mid-encode). ffmpeg writes a stats line every half second while it works, so this long a silence is a hang.
 */
export const STALL_MS = 30_000;

/** The shortest limit the page takes from outside: two stats lines' gap many times over. */
export const STALL_MS_MIN = 3_000;

/**
 * The silence limit: STALL_MS, or a shorter one set on the page before it loads (`globalThis.__localkitStallMs`).
 * The end-to-end test of a hang sets it so the same watchdog ends the hang in seconds, not half a minute; a value
 * that is no number, above STALL_MS or below STALL_MS_MIN is ignored (only shortened, never lengthened or off).
 */
export function stallLimit(scope: object = globalThis): number {
  return shortenedLimit(STALL_MS, STALL_MS_MIN, scope);
}

/** An exec the watchdog ended: the caller runs it again, on the single-thread core. */
export class EngineStalled extends ToolError {
  constructor() {
    super('media:errors.engineStopped');
    this.name = 'EngineStalled';
  }
}

/** What the watchdog needs of an ffmpeg instance (FFmpeg from @ffmpeg/ffmpeg has it; tests pass fakes). */
export interface WatchedFfmpeg {
  exec(args: string[]): Promise<number>;
  on(event: 'log' | 'progress', callback: () => void): void;
  off(event: 'log' | 'progress', callback: () => void): void;
}

export interface Watch {
  /** Only the threaded core hangs so; the single-thread one runs unwatched. */
  threaded: boolean;
  /** Ends the hung instance for good (its next start is the single-thread core). */
  abandon: () => void;
  stallMs?: number;
  now?: () => number;
}

/** How many hung instances were ended: an exec that shared one (another row's, queued behind it) is run again too. */
let abandoned = 0;

/** ffmpeg.exec, ended by `abandon()` after stallLimit() (STALL_MS) without a log line or progress event; then EngineStalled. */
export async function execWatched(ffmpeg: WatchedFfmpeg, args: string[], watch: Watch): Promise<number> {
  if (!watch.threaded) return ffmpeg.exec(args);
  const before = abandoned;
  const silence = silenceTimer(
    watch.stallMs ?? stallLimit(),
    () => {
      if (abandoned !== before) return;
      abandoned++;
      watch.abandon();
    },
    watch.now,
  );
  ffmpeg.on('log', silence.alive);
  ffmpeg.on('progress', silence.alive);
  try {
    return await ffmpeg.exec(args);
  } catch (error) {
    throw abandoned !== before ? new EngineStalled() : error;
  } finally {
    silence.stop();
    ffmpeg.off('log', silence.alive);
    ffmpeg.off('progress', silence.alive);
  }
}

/** Runs `attempt`, and once more if the engine hung under it (the second run starts the single-thread core). */
export async function retryOnStall<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof EngineStalled) return attempt();
    throw error;
  }
}
