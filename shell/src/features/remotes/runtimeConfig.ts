import { productionRuntimeConfig, type RuntimeConfig } from '@ministry/shared/config';

/**
 * Reads the runtime config, which says where each remote's manifest is: from
 * the page itself when the server put it there (no round trip), else from
 * `/config.json`. Falls back to the production layout if neither can be read.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inline = document.getElementById('ministry-runtime-config')?.textContent;
  if (inline) {
    try {
      const config = JSON.parse(inline) as RuntimeConfig;
      if (config && typeof config.remotes === 'object') return config;
    } catch {
      // a broken inline config: ask the server
    }
  }
  try {
    const response = await fetch('/config.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    return (await response.json()) as RuntimeConfig;
  } catch {
    return productionRuntimeConfig(window.location.origin);
  }
}
