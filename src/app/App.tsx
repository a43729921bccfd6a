import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { HandoffTargets, ToolPaths } from '../kit/handoff';
import { LazyToaster } from '../ui/LazyToaster';
import { Layout } from './layout/Layout';
import { Loading } from './layout/Loading';
import { LeaveGuard } from './LeaveGuard';
import { PwaUpdater } from './PwaUpdater';
import { AppRoutes } from './routes';
import { ThemeProvider } from './theme';
import { TOOLS } from '../tools/registry';

/** Which tools take a file: their file types load only where a result is sent on or files were opened. */
const loadHandoffTargets = () => import('./handoffTargets').then((m) => m.targetsIn(TOOLS));
const pathOfTool = (id: string) => TOOLS.find((tool) => tool.id === id)?.path;

function Shell() {
  return (
    <Suspense fallback={<Loading />}>
      <Layout>
        <AppRoutes />
      </Layout>
      <LazyToaster />
      <PwaUpdater />
      <LeaveGuard />
    </Suspense>
  );
}

export function App() {
  return (
    <ThemeProvider>
      <BrowserRouter>
        <HandoffTargets.Provider value={loadHandoffTargets}>
          <ToolPaths.Provider value={pathOfTool}>
            <Shell />
          </ToolPaths.Provider>
        </HandoffTargets.Provider>
      </BrowserRouter>
    </ThemeProvider>
  );
}
