/**
 * Test helpers for every app: render a component inside the same providers
 * the shell gives it (store, theme, router), and talk to a fake API.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { matchRoutes, MemoryRouter, type RouteObject } from 'react-router-dom';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { ToastContainer } from 'react-toastify';
import { createAppStore, type RootState } from '@ministry/shared/store';
import { theme } from '../ui/theme';
import type { User } from '../types';

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    preloadedState,
  }: { route?: string | { pathname: string; search?: string; state?: unknown }; preloadedState?: Partial<RootState> } = {},
) {
  const { store } = createAppStore({ persist: false, preloadedState });
  const result = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        <ToastContainer />
      </ThemeProvider>
    </Provider>,
  );
  return { store, ...result };
}

export const sampleUser: User = {
  _id: 'user-1',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.org',
  photo: null,
  birth_date: '1980-01-01',
  gender: 'Female',
  civil_status: 'Married',
  countryOfOrigin: 'Ghana',
  country: 'United States',
  city: 'Delaware',
  church: 'church-1',
  seniority: 12,
  source: 'A friend',
  role: 'member',
};

export const signedInState = (user: User = sampleUser): Partial<RootState> => ({
  auth: { user, isAuth: true, isLoad: false, error: null },
});

/**
 * For each page of a manifest (app.json), the path of the route it lands on
 * in `routes`: its own pattern when the remote routes it, `*` (the
 * not-found page) when it does not.
 */
export function routedPages(pages: { path: string }[], routes: RouteObject[]): [string, string | undefined][] {
  return pages.map((page) => [page.path, matchRoutes(routes, page.path.replace(/:\w+/g, 'x'))?.at(-1)?.route.path]);
}
