import * as Comlink from 'comlink';

/**
 * A stand-in for a Web Worker in Node tests: a real MessageChannel with comlink on both ends, as in the browser, and
 * `api` exposed on the far end; only the thread is missing. `made` lists every one created, in order.
 */
export class ChannelWorker {
  static made: ChannelWorker[] = [];
  private readonly channel = new MessageChannel();
  terminated = false;
  constructor(api: object) {
    Comlink.expose(api, this.channel.port2);
    ChannelWorker.made.push(this);
  }
  postMessage(message: unknown, transfer?: Transferable[]) {
    this.channel.port1.postMessage(message, transfer ?? []);
  }
  addEventListener(type: string, listener: EventListener) {
    if (type === 'message') this.channel.port1.addEventListener('message', listener);
  }
  removeEventListener(type: string, listener: EventListener) {
    if (type === 'message') this.channel.port1.removeEventListener('message', listener);
  }
  start() {
    this.channel.port1.start();
  }
  terminate() {
    this.terminated = true;
    this.channel.port1.close();
    this.channel.port2.close();
  }
  /** Ends every worker made so far (after each test). */
  static endAll() {
    ChannelWorker.made.splice(0).forEach((w) => w.terminate());
  }
}

/** Waits (a few ms at a time, 1 s at most) until `condition` holds; false when it never did. */
export async function until(condition: () => boolean): Promise<boolean> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 2));
  return condition();
}
