// The segment encoders of a parallel video encode, started here on the page and handed to the media worker as ports.
// The media worker used to start them itself, but Firefox ESR blocks a worker that starts a second worker of its
// own: under load `new Worker` never returned (seen for minutes, in about one run of four).
import * as Comlink from 'comlink';
import type { SegmentEncoders } from './parallel';
import type { MediaWorkerApi } from './worker';

/** Encoders made with `create` (a new media worker each); the job's owner calls `stop` when the job ends, however it ends. */
export function segmentEncoders(create: () => Worker): SegmentEncoders & { stop(): void } {
  const workers: Worker[] = [];
  return {
    async spawn() {
      const worker = create();
      workers.push(worker);
      const { port1, port2 } = new MessageChannel();
      await Comlink.wrap<MediaWorkerApi>(worker).connect(Comlink.transfer(port2, [port2]));
      return Comlink.transfer(port1, [port1]);
    },
    stop() {
      workers.splice(0).forEach((w) => w.terminate());
    },
  };
}
