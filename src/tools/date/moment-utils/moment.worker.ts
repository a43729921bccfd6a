// The Moment playground's realm: intrinsics frozen first (serveRealm), then Moment loads and runs here.
import { serveRealm } from '../../../engines/expression/realmWorker';

serveRealm(() => import('./momentSandbox').then((m) => m.momentService));
