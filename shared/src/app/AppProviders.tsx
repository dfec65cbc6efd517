import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { ThemeProvider } from 'styled-components';
import type { AppStore } from '@ministry/shared/store';
import { GlobalStyle } from '../ui/GlobalStyle';
import { theme } from '../ui/theme';
import { Toasts } from './Toasts';

/**
 * The providers every app needs: the store (persisted under `root`), the
 * theme, the global style and the toast container. The shell renders it
 * once for the whole site; a remote renders it only when standalone.
 *
 * With a `persistor`, nothing renders until the saved state is restored.
 * Without one, the store is ready already: the shell restores it before its
 * first render (see `restoredStore`), and the server renderer keeps none,
 * so the first render matches the server's HTML.
 */
export function AppProviders({
  store,
  persistor,
  children,
}: {
  store: AppStore;
  persistor?: Persistor | null;
  children: ReactNode;
}) {
  const content = (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
      <Toasts />
    </ThemeProvider>
  );
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate loading={null} persistor={persistor}>
          {content}
        </PersistGate>
      ) : (
        content
      )}
    </Provider>
  );
}
