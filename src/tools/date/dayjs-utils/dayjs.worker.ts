// The Day.js playground's realm: intrinsics frozen first (serveRealm), then Day.js loads and runs here.
import { serveRealm } from '../../../engines/expression/realmWorker';

serveRealm(() => import('./dayjsSandbox').then((m) => m.dayjsService));
