import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../ui/LazyToaster';
import { Layout } from './layout/Layout';
import { Loading } from './layout/Loading';
import { LeaveGuard } from './LeaveGuard';
import { PwaUpdater } from './PwaUpdater';
import { AppRoutes } from './routes';
import { ThemeProvider } from './theme';

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
        <Shell />
      </BrowserRouter>
    </ThemeProvider>
  );
}
