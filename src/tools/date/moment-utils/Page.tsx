import { Playground, type PlaygroundEngine } from '../shared/Playground';
import { MOMENT_EXAMPLES } from './examples';
import { momentAdapter, momentSandbox, setMomentLocale } from './momentSandbox';

// Moment and its six locales come with this page's lazily loaded chunk, never with the home page.
const engine: PlaygroundEngine = { library: 'Moment.js', sandbox: momentSandbox, adapter: momentAdapter, setLocale: setMomentLocale, examples: MOMENT_EXAMPLES };

export default function MomentPage() {
  return <Playground engine={engine} />;
}
