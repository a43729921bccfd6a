import { Playground, type PlaygroundEngine } from '../shared/Playground';
import { dayjsAdapter, dayjsSandbox, setDayjsLocale } from './dayjsSandbox';
import { DAYJS_EXAMPLES } from './examples';

// Day.js, its plugins and locales come with this page's lazily loaded chunk, never with the home page.
const engine: PlaygroundEngine = { library: 'Day.js', sandbox: dayjsSandbox, adapter: dayjsAdapter, setLocale: setDayjsLocale, examples: DAYJS_EXAMPLES };

export default function DayjsPage() {
  return <Playground engine={engine} />;
}
