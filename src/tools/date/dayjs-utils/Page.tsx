import { Playground, type PlaygroundEngine } from '../shared/Playground';
import { DAYJS_EXAMPLES } from './examples';

// Day.js, its plugins and locales load in the playground's worker only (dayjs.worker.ts), never on the page's thread.
const engine: PlaygroundEngine = {
  toolId: 'dayjs-utils',
  library: 'Day.js',
  createWorker: () => new Worker(new URL('./dayjs.worker.ts', import.meta.url), { type: 'module', name: 'dayjs-playground' }),
  examples: DAYJS_EXAMPLES,
};

export default function DayjsPage() {
  return <Playground engine={engine} />;
}
