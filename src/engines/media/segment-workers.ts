// The segment encoders of a parallel video encode, started here on the page and handed to the media worker as ports.
// The media worker used to start them itself, but Firefox ESR blocks a worker that starts a second worker of its
// own: under load `new Worker` never returned (seen for minutes, in about one run of four).
import * as Comlink from 'comlink';
import type { SegmentEncoders } from './parallel';
import type { MediaWorkerApi } from './worker';

/** Encoders made with `create` (a new media worker each); the job's owner calls `stop` when the job ends, however it ends. */
export function segmentEncoders(create: () => Worker): SegmentEncoders & { stop(): void } {
  const workers: Worker[] = [];
  const failures: Promise<never>[] = [];
  return {
    async spawn() {
      const worker = create();
      const id = workers.push(worker) - 1;
      // Only the page sees a worker fail (an uncaught error, a failed load): the media worker waits on this.
      failures[id] = new Promise<never>((_, reject) => worker.addEventListener('error', (e) => reject(new Error(e.message || 'A segment worker failed.')), { once: true }));
      failures[id].catch(() => {});
      const { port1, port2 } = new MessageChannel();
      await Promise.race([Comlink.wrap<MediaWorkerApi>(worker).connect(Comlink.transfer(port2, [port2])), failures[id]]);
      return Comlink.transfer({ id, port: port1 }, [port1]);
    },
    failure: (id) => failures[id],
    stop() {
      workers.splice(0).forEach((w) => w.terminate());
    },
  };
}
