import { expose } from 'comlink';
import { settle, type Envelope } from '../../runtime/envelope';
import { hardenIntrinsics } from './harden';

/**
 * The worker side of an expression realm: a module Worker of its own, whose intrinsics are frozen
 * before the library it serves is loaded, so that nothing an expression makes the library do can
 * change the page's objects (another realm) or this realm's prototypes (frozen). Answers are plain data,
 * through comlink and the house envelope like every other worker (comlink itself loads before the freeze).
 */

export interface RealmService<Req, Res> {
  /** Runs one request; must not throw and must return structured-clonable plain data. */
  run: (request: Req) => Res;
  /** A summary of the library's shared state; a change after a run retires the worker. */
  state: () => string;
}

export interface RealmAnswer<Res> {
  response: Res;
  /** The run changed shared state: the page replaces this worker before the next request. */
  tainted: boolean;
}

/** What the page calls: `ready` answers once the library has loaded, `run` evaluates one request. */
export interface RealmApi<Req, Res> {
  ready: () => Promise<Envelope<true>>;
  run: (request: Req) => Promise<Envelope<RealmAnswer<Res>>>;
}

const FAILED = 'common:errors.workerFailed';

/** Own keys of the intrinsics an expression could pollute: frozen here, but checked like the library's state. */
function intrinsicsState(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((o) => Reflect.ownKeys(o).map(String).join(',')).join('|');
}

/** Call at the top of the worker's entry module, with a dynamic import of the library: it must load after the freeze. */
export function serveRealm<Req, Res>(load: () => Promise<RealmService<Req, Res>>): void {
  hardenIntrinsics();
  const stateNow = (s: RealmService<Req, Res>) => `${intrinsicsState()}#${s.state()}`;
  const loaded = load().then((service) => ({ service, baseline: stateNow(service) }));
  loaded.catch(() => undefined); // reported by ready()
  const api: RealmApi<Req, Res> = {
    ready: () => settle(() => loaded.then(() => true as const), FAILED),
    run: (request) =>
      settle(async () => {
        const { service, baseline } = await loaded;
        const response = service.run(request);
        let tainted = true;
        try {
          tainted = stateNow(service) !== baseline;
        } catch {
          // A state that cannot even be read is tainted.
        }
        return { response, tainted };
      }, FAILED),
  };
  expose(api);
}
