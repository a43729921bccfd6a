import { Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
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

// A data router (rather than <BrowserRouter>) so that the leave guard can block a navigation (useBlocker).
// One splat route holds the shell; the routes themselves stay in <AppRoutes>, built from the registry.
const router = createBrowserRouter([{ path: '*', element: <Shell /> }]);

export function App() {
  return (
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}
