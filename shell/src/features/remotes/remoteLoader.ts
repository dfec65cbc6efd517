import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId, RemoteName, RuntimeConfig } from '@ministry/shared/config';

let entries: Record<RemoteName, string> = {};

/** Tells the federation runtime where each remote's live release is (from the runtime config). */
export function registerRuntimeRemotes(config: RuntimeConfig): void {
  entries = { ...config.remotes };
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
}

/** Loads `remote/expose`, throwing when it cannot be loaded. */
export async function loadRemoteModule<T>(remote: RemoteName, expose: string): Promise<T> {
  if (!entries[remote]) throw new Error(`${remote} has no live release`);
  const mod = await loadRemote<T>(`${remote}/${expose}`);
  if (!mod) throw new Error(`${remote}/${expose} could not be loaded`);
  return mod;
}

/**
 * Forgets a remote that failed, so the next load fetches it again. When the
 * page came with preload hints for that remote (the server adds them for the
 * first page), Chromium hands their failures to any new request for the same
 * files, so only a fresh page load can fetch them again: the answer says so.
 */
export function forgetRemote(remote: RemoteName): 'retry' | 'reload' {
  const entry = entries[remote];
  if (!entry) return 'reload';
  const dir = entry.slice(0, entry.lastIndexOf('/') + 1);
  if (document.querySelector(`link[rel="preload"][as="script"][href^="${dir}"]`)) return 'reload';
  registerRemotes([{ name: remote, entry }], { force: true });
  return 'retry';
}

/**
 * Starts fetching what the first page needs (the remote's entry and the
 * chunks of the exposed module) while the shell renders.
 */
export function preloadRemotes(wanted: RemoteModuleId[]): void {
  const known = wanted.filter(({ remote }) => entries[remote]);
  if (!known.length) return;
  preloadRemote(known.map(({ remote, expose }) => ({ nameOrAlias: remote, exposes: [expose] }))).catch(() => {
    // A remote that cannot be preloaded shows its own fallback when rendered.
  });
}
