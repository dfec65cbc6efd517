import { useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createAppStore } from '@ministry/shared/store';
import { AppProviders } from '@ministry/shared/ui';
import { AppRoutes } from './AppRoutes';
import { ScrollToTop } from '../features/layout/ScrollToTop';
import { SessionCheck } from '../features/session/SessionCheck';

export function App() {
  const { store, persistor } = useMemo(() => createAppStore(), []);
  return (
    <AppProviders store={store} persistor={persistor}>
      {/* Synchronous location updates: a route change and a store change (e.g. logout) render together. */}
      <BrowserRouter useTransitions={false}>
        <ScrollToTop />
        <SessionCheck />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
