import { Playground, type PlaygroundEngine } from '../shared/Playground';
import { MOMENT_EXAMPLES } from './examples';

// Moment and its locales load in the playground's worker only (moment.worker.ts), never on the page's thread.
const engine: PlaygroundEngine = {
  toolId: 'moment-utils',
  library: 'Moment.js',
  createWorker: () => new Worker(new URL('./moment.worker.ts', import.meta.url), { type: 'module', name: 'moment-playground' }),
  examples: MOMENT_EXAMPLES,
};

export default function MomentPage() {
  return <Playground engine={engine} />;
}
