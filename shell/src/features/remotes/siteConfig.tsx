/**
 * The runtime configuration (see @ministry/shared/config `RuntimeConfig`):
 * the live release of each remote, its pages and its name for visitors. The
 * browser reads it from the page, the server renderer is handed the same;
 * routing, titles and remote loading follow it.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { emptyRuntimeConfig, findPage, type RuntimeConfig, type SitePage } from '@ministry/shared/config';

const SiteConfigContext = createContext<RuntimeConfig>(emptyRuntimeConfig());

export function SiteConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export const useSiteConfig = (): RuntimeConfig => useContext(SiteConfigContext);

/** The page at `pathname` among every app's pages, or undefined for the not-found page. */
export function useSitePage(pathname: string): SitePage | undefined {
  return findPage(useSiteConfig().pages, pathname);
}
