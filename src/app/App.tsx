import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../ui/LazyToaster';
import { Layout } from './layout/Layout';
import { Loading } from './layout/Loading';
import { PwaUpdater } from './PwaUpdater';
import { AppRoutes } from './routes';
import { ThemeProvider } from './theme';

export function App() {
  return (
    <ThemeProvider>
      <BrowserRouter>
        <Suspense fallback={<Loading />}>
          <Layout>
            <AppRoutes />
          </Layout>
          <LazyToaster />
          <PwaUpdater />
        </Suspense>
      </BrowserRouter>
    </ThemeProvider>
  );
}
