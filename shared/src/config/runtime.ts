/**
 * Runtime configuration: the shell fetches `/config.json` at start, so each
 * remote can be deployed on its own without rebuilding the shell.
 */
export type RemoteName = 'mfe_content' | 'mfe_community' | 'mfe_account' | 'mfe_giving';

export interface RuntimeConfig {
  /** Where each remote's mf-manifest.json lives. */
  remotes: Record<RemoteName, string>;
  /** Base address of the API ('' means same origin). */
  apiBase: string;
}

export const REMOTE_NAMES: RemoteName[] = ['mfe_content', 'mfe_community', 'mfe_account', 'mfe_giving'];

/** The folder each remote is served from in production: /remotes/<dir>/. */
export const REMOTE_DIRS: Record<RemoteName, string> = {
  mfe_content: 'mfe-content',
  mfe_community: 'mfe-community',
  mfe_account: 'mfe-account',
  mfe_giving: 'mfe-giving',
};

export const REMOTE_DEV_PORTS: Record<RemoteName, number> = {
  mfe_content: 3001,
  mfe_community: 3002,
  mfe_account: 3003,
  mfe_giving: 3004,
};

/** The production layout: every remote under /remotes/<dir>/ on the same origin. */
export function productionRuntimeConfig(origin = ''): RuntimeConfig {
  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) remotes[name] = `${origin}/remotes/${REMOTE_DIRS[name]}/mf-manifest.json`;
  return { remotes, apiBase: '' };
}
