/**
 * Registers the service worker (/sw.js, shell/src/serviceWorker) once the
 * page runs, and tells it what this page uses: the releases its runtime
 * config names (this visitor's: a canary or a preview included) and who is
 * signed in (a change of member, or a sign-out, clears what it kept for the
 * one before). When the connection comes back, writes that waited are sent.
 * `<html data-offline="ready">` marks a page whose kit the worker has kept.
 */
import type { RuntimeConfig } from '@ministry/shared/config';
import type { AppStore } from '@ministry/shared/store';

declare const __webpack_public_path__: string;

/** The folder of the shell's release this page runs (`/shell/<release>/browser/`). */
function shellBase(): string | null {
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  return /\/[0-9]{8}-[0-9]{6}-[0-9a-f]{6}\/browser\/$/.test(base) ? base : null;
}

/** The release folders this page uses. */
export function pageReleases(config: RuntimeConfig, shell: string | null): string[] {
  const remotes = Object.values(config.remotes).map((manifest) => manifest.replace(/[^/]*$/, ''));
  return [...(shell ? [shell] : []), ...remotes].sort();
}

export function startServiceWorker(store: AppStore, config: RuntimeConfig): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const releases = pageReleases(config, shellBase());
  const userOf = () => store.getState().auth.user?._id ?? null;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'offline-ready') document.documentElement.dataset.offline = 'ready';
  });
  const register = async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
    const registration = await navigator.serviceWorker.ready;
    let told: string | null | undefined;
    const tell = () => {
      const user = userOf();
      if (user === told) return;
      told = user;
      registration.active?.postMessage({ type: 'page', releases, user });
    };
    tell();
    store.subscribe(tell);
    window.addEventListener('online', () => registration.active?.postMessage({ type: 'replay' }));
  };
  const start = () => void register().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
