import { useEffect, useMemo, useRef } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import type { RuntimeConfig } from '@ministry/shared/config';
import type { AppStore } from '@ministry/shared/store';
import {
  AppProviders,
  ClientResourceCache,
  type PrerenderContextValue,
  type PrerenderedPage,
  PrerenderProvider,
} from '@ministry/shared/app';
import { AppRoutes } from './AppRoutes';
import { LinksInTransitions } from './LinksInTransitions';
import { ScrollToTop } from '../features/layout/ScrollToTop';
import { SessionCheck } from '../features/session/SessionCheck';
import { shellRendered } from '../features/remotes/pageReady';
import { SiteConfigProvider } from '../features/remotes/siteConfig';

/** Once the visitor leaves the first page, pages load their own data. */
function ExpirePrerenderedData({ cache }: { cache: ClientResourceCache }) {
  const { pathname, search } = useLocation();
  const first = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (`${pathname}${search}` !== first.current) cache.expire();
  }, [cache, pathname, search]);
  return null;
}

/** What every page has, whichever router renders it (the browser's, or the server's). */
export function SiteRoutes() {
  useEffect(shellRendered, []);
  return (
    <>
      <ScrollToTop />
      <SessionCheck />
      <AppRoutes />
    </>
  );
}

/**
 * The site in the browser. `store` has its saved state back already;
 * `config` says where each remote's live release is and which pages there
 * are; when the server rendered the page, `prerendered` is what it rendered
 * it with.
 */
export function App({
  store,
  config,
  prerendered = null,
}: {
  store: AppStore;
  config: RuntimeConfig;
  prerendered?: PrerenderedPage | null;
}) {
  const { context, cache } = useMemo(() => {
    const cache = new ClientResourceCache(prerendered?.resources ?? null);
    const context: PrerenderContextValue = {
      cache,
      origin: null,
      viewport: prerendered?.viewport ?? null,
      renderedAt: prerendered?.renderedAt,
    };
    return { context, cache };
  }, [prerendered]);
  return (
    <PrerenderProvider value={context}>
      <SiteConfigProvider config={config}>
        <AppProviders store={store}>
          {/* The site's own navigations update the location synchronously: a route change and a store change (e.g.
              logout) render together. A visitor's link is a transition (LinksInTransitions). */}
          <BrowserRouter useTransitions={false}>
            <LinksInTransitions>
              <ExpirePrerenderedData cache={cache} />
              <SiteRoutes />
            </LinksInTransitions>
          </BrowserRouter>
        </AppProviders>
      </SiteConfigProvider>
    </PrerenderProvider>
  );
}
