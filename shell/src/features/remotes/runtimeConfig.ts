import { emptyRuntimeConfig, type RuntimeConfig } from '@ministry/shared/config';

const isConfig = (value: unknown): value is RuntimeConfig =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RuntimeConfig).remotes === 'object' &&
  Array.isArray((value as RuntimeConfig).pages);

/**
 * Reads the runtime config, which says where each remote's live release is
 * and which pages it has: from the page itself when the server put it there
 * (no round trip), else from `/config.json`. When neither can be read, the
 * shell starts with its own pages only (the others show as not found).
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inline = document.getElementById('ministry-runtime-config')?.textContent;
  if (inline) {
    try {
      const config: unknown = JSON.parse(inline);
      if (isConfig(config)) return config;
    } catch {
      // a broken inline config: ask the server
    }
  }
  try {
    const response = await fetch('/config.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    const config: unknown = await response.json();
    if (isConfig(config)) return config;
    throw new Error('config.json is not a runtime configuration');
  } catch {
    return emptyRuntimeConfig();
  }
}
