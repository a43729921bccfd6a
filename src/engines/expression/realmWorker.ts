import { hardenIntrinsics } from './harden';

/**
 * The worker side of an expression realm: a module Worker of its own, whose intrinsics are frozen
 * before the library it serves is loaded, so that nothing an expression makes the library do can
 * change the page's objects (another realm) or this realm's prototypes (frozen). Answers are plain data.
 *
 * Protocol: the worker posts `{ ready: true }` once the library is loaded (or `{ ready: false }` if it
 * could not be), then one `RealmAnswer` per `RealmMessage`, in order.
 */

export interface RealmService<Req, Res> {
  /** Runs one request; must not throw and must return structured-clonable plain data. */
  run: (request: Req) => Res;
  /** A summary of the library's shared state; a change after a run retires the worker. */
  state: () => string;
}

export interface RealmMessage<Req> {
  id: number;
  request: Req;
}

export interface RealmAnswer<Res> {
  id: number;
  response: Res;
  /** The run changed shared state: the page replaces this worker before the next request. */
  tainted: boolean;
}

/** Own keys of the intrinsics an expression could pollute: frozen here, but checked like the library's state. */
function intrinsicsState(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((o) => Reflect.ownKeys(o).map(String).join(',')).join('|');
}

/** Call at the top of the worker's entry module, with a dynamic import of the library: it must load after the freeze. */
export function serveRealm<Req, Res>(load: () => Promise<RealmService<Req, Res>>): void {
  hardenIntrinsics();
  const service = load();
  let baseline: string | null = null;
  const stateNow = (s: RealmService<Req, Res>) => `${intrinsicsState()}#${s.state()}`;
  service.then(
    (s) => {
      baseline = stateNow(s);
      self.postMessage({ ready: true });
    },
    () => self.postMessage({ ready: false }),
  );
  self.addEventListener('message', (event: MessageEvent<RealmMessage<Req>>) => {
    const { id, request } = event.data;
    service.then((s) => {
      const response = s.run(request);
      let tainted = true;
      try {
        tainted = stateNow(s) !== baseline;
      } catch {
        // A state that cannot even be read is tainted.
      }
      const answer: RealmAnswer<Res> = { id, response, tainted };
      self.postMessage(answer);
    }, () => undefined); // a library that failed to load was reported as { ready: false }
  });
}
