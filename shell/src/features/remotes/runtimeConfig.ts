import { productionRuntimeConfig, type RuntimeConfig } from '@ministry/shared/config';

/**
 * Reads `/config.json` (served by the server), which says where each remote's
 * manifest is. Falls back to the production layout if it cannot be read.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch('/config.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    return (await response.json()) as RuntimeConfig;
  } catch {
    return productionRuntimeConfig(window.location.origin);
  }
}
