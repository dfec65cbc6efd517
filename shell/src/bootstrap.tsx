import { createRoot } from 'react-dom/client';
import { configureApi } from '@ministry/shared/api';
import { App } from './app/App';
import { loadRuntimeConfig } from './features/remotes/runtimeConfig';
import { preloadRemotes, registerRuntimeRemotes } from './features/remotes/remoteLoader';
import { remotesForPath } from './app/routeOwners';

async function start() {
  const config = await loadRuntimeConfig();
  configureApi(config.apiBase);
  registerRuntimeRemotes(config);
  preloadRemotes(remotesForPath(window.location.pathname));
  createRoot(document.getElementById('root')!).render(<App />);
}

void start();
