import { Route, Routes } from 'react-router';
import { TOOLS } from '../tools/registry';
import { lazyWithReload } from './lazyWithReload';
import { Home } from './layout/Home';
import { NotFound } from './layout/NotFound';
import { ToolRoute } from './layout/ToolRoute';

const PAGES = new Map(TOOLS.map((tool) => [tool.id, lazyWithReload(tool.page)]));
// Pages off the home page's path load when visited: the privacy page, and /open, reached only from the system
// (share sheet, "Open with").
const Privacy = lazyWithReload(() => import('./layout/Privacy').then((m) => ({ default: m.Privacy })));
const OpenFiles = lazyWithReload(() => import('./layout/OpenFiles').then((m) => ({ default: m.OpenFiles })));

/** Every route comes from the registry; nothing else lists tools. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Home />} />
      <Route path="/privacy" element={<Privacy />} />
      {/* Files shared to the installed app or opened with it; /share-target is reached only before the service worker runs. */}
      <Route path="/open" element={<OpenFiles />} />
      <Route path="/share-target" element={<OpenFiles />} />
      {TOOLS.map((tool) => (
        <Route key={tool.id} path={tool.path} element={<ToolRoute tool={tool} Page={PAGES.get(tool.id)!} />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
