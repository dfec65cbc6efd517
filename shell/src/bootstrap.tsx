import { findPage, pageAddress, pageModules, type RuntimeConfig } from '@ministry/shared/config';
import { loadRuntimeConfig } from './features/remotes/runtimeConfig';
import { preloadRemotes, registerRuntimeRemotes } from './features/remotes/remoteLoader';
import { watchErrors } from './features/remotes/errorReports';
import { readPageSession } from './features/session/pageSession';
import shellApp from '../app.json';

/** Lets the browser handle input and paint between two steps of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the site. The libraries are evaluated a few at a time, each step in
 * a task of its own, so the page (often already on screen, rendered by the
 * server) stays responsive while the app starts.
 */
async function start() {
  watchErrors();
  const config: RuntimeConfig = await loadRuntimeConfig();
  registerRuntimeRemotes(config);
  const page = findPage(config.pages, window.location.pathname);
  // A remote's page is taken over only with its routes: ask for them at once. The shell's pages (the home
  // page) leave their remote parts as the server's HTML until they are reached (RemoteModule): their
  // modules are asked for only if the page is rendered afresh.
  if (page?.app !== 'shell') preloadRemotes(pageModules(page));

  const { configureApi } = await import('@ministry/shared/api');
  configureApi(config.apiBase);
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const { restoredStore, logout, setCurrentUser } = await import('@ministry/shared/store');
  const store = await restoredStore();
  // The server said who is signed in (the store kept from before is never the authority).
  const session = readPageSession();
  if (session?.user) store.dispatch(setCurrentUser(session.user));
  else if (session && store.getState().auth.isAuth) store.dispatch(logout());
  await nextTask();
  const { readPrerenderedPage } = await import('@ministry/shared/app');
  await nextTask();
  const [{ startTransition }, { App }] = await Promise.all([import('react'), import('./app/App')]);
  await nextTask();

  // The server renders pages for visitors who are not signed in: take its
  // HTML over as it is (hydrate), in the background so the page stays
  // responsive. A signed-in member's page (or a page the server did not
  // render) is rendered afresh.
  const container = document.getElementById('root')!;
  const prerendered = readPrerenderedPage();
  const current = pageAddress(`${window.location.pathname}${window.location.search}`);
  if (prerendered && prerendered.url === current && !store.getState().auth.isAuth) {
    startTransition(() => {
      hydrateRoot(container, <App store={store} config={config} prerendered={prerendered} />);
    });
  } else {
    if (page?.app === 'shell') preloadRemotes(pageModules(page, shellApp.uses));
    createRoot(container).render(<App store={store} config={config} />);
  }
  // The service worker (offline Sunday kit), once the page runs.
  const { startServiceWorker } = await import('./features/offline/serviceWorker');
  startServiceWorker(store, config);
}

void start();
