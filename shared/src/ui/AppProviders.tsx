import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { ThemeProvider } from 'styled-components';
import { ToastContainer } from 'react-toastify';
import type { AppStore } from '../store/createAppStore';
import { GlobalStyle } from './GlobalStyle';
import { theme } from './theme';

/**
 * The providers every app needs: the store (persisted under `root`), the
 * theme, the global style and the toast container. The shell renders it
 * once for the whole site; a remote renders it only when standalone.
 */
export function AppProviders({ store, persistor, children }: { store: AppStore; persistor: Persistor; children: ReactNode }) {
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {children}
          <ToastContainer newestOnTop limit={4} />
        </ThemeProvider>
      </PersistGate>
    </Provider>
  );
}
