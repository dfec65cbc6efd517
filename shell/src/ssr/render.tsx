/**
 * The server renderer: the same app as in the browser, rendered to HTML for
 * one page URL, with the data it loaded and the CSS it used, so the page
 * shows its content before any script runs and the browser takes it over as
 * it is. Built into shell/dist-ssr/render.cjs (config/webpack.ssr.cjs) and
 * used by the API (api/src/plugins/prerender.ts). Anything that goes wrong
 * answers null: the page is then rendered in the browser, as without it.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import type { RemoteName } from '@ministry/shared/config';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { createAppStore } from '@ministry/shared/store';
import { AppProviders, PrerenderProvider, ServerResourceCache, type PrerenderedPage, type Viewport } from '@ministry/shared/ui';
import ContentRoutes from 'mfe_content/routes';
import HomeSections from 'mfe_content/HomeSections';
import CommunityRoutes from 'mfe_community/routes';
import LatestStories from 'mfe_community/LatestStories';
import AccountRoutes from 'mfe_account/routes';
import GivingRoutes from 'mfe_giving/routes';
import { SiteRoutes } from '../app/App';
import { RemoteLoaderProvider, type RemoteExpose, type RemoteLoader } from '../features/remotes/RemoteModule';

const REMOTE_MODULES: Record<string, unknown> = {
  'mfe_content/routes': ContentRoutes,
  'mfe_content/HomeSections': HomeSections,
  'mfe_community/routes': CommunityRoutes,
  'mfe_community/LatestStories': LatestStories,
  'mfe_account/routes': AccountRoutes,
  'mfe_giving/routes': GivingRoutes,
};

function remoteModule(remote: RemoteName, expose: RemoteExpose) {
  const component = REMOTE_MODULES[`${remote}/${expose}`];
  return component ? { default: component as never } : undefined;
}

const serverLoader: RemoteLoader = {
  get: remoteModule,
  load: async (remote, expose) => {
    const module = remoteModule(remote, expose);
    if (!module) throw new Error(`${remote}/${expose} is not in the server renderer`);
    return module;
  },
  forget: () => 'retry',
};

/** Answers a GET of the API (the server hands in its own, in-process). */
export type ApiReader = (path: string) => Promise<{ status: number; body: unknown }>;

/** Sends every API call of a render to `read`; the renderer only reads. */
export function useApi(read: ApiReader): void {
  const adapter: AxiosAdapter = async (config) => {
    if ((config.method ?? 'get').toLowerCase() !== 'get') throw new Error('The server renderer only reads from the API.');
    const { status, body } = await read(http.getUri(config));
    const response: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  http.defaults.adapter = adapter;
  http.defaults.baseURL = '';
}

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The site's origin as the visitor sees it (share links). */
  origin: string;
  viewport: Viewport;
  /** Gives up after this long (the page is then rendered in the browser). */
  timeoutMs?: number;
}

export interface RenderedPage {
  /** The app's HTML, for inside `<div id="root">`. */
  html: string;
  /** `<style>` tags for the head. */
  styles: string;
  /** What the page carries for the browser (`<script id="ministry-prerendered">`). */
  prerendered: PrerenderedPage;
}

/** How React marks a part it could not render on the server. */
const LEFT_FOR_THE_BROWSER = '<!--$!-->';

/** SSR_DEBUG=1 says why a page was left to the browser. */
const debug = (...args: unknown[]) => {
  if (process.env.SSR_DEBUG) console.error('[server renderer]', ...args);
};

/** Renders as many times as loads need (a page's data, then what depends on it), at most this often. */
const MAX_PASSES = 4;

export async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  const cache = new ServerResourceCache();
  const deadline = Date.now() + (request.timeoutMs ?? 3000);
  try {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const { store } = createAppStore({ persist: false });
      const sheet = new ServerStyleSheet();
      try {
        const html = renderToString(
          sheet.collectStyles(
            <PrerenderProvider value={{ cache, origin: request.origin, viewport: request.viewport }}>
              <AppProviders store={store}>
                <StaticRouter location={request.url}>
                  <RemoteLoaderProvider value={serverLoader}>
                    <SiteRoutes />
                  </RemoteLoaderProvider>
                </StaticRouter>
              </AppProviders>
            </PrerenderProvider>,
          ),
        );
        const waiting = cache.pending;
        if (!waiting.length) {
          // A failed load, or a part that failed to render (React leaves it for the browser).
          if (cache.failed || html.includes(LEFT_FOR_THE_BROWSER)) {
            debug(request.url, cache.failed ? 'a load failed' : 'a part failed to render');
            return null;
          }
          return { html, styles: sheet.getStyleTags(), prerendered: { url: request.url, viewport: request.viewport, resources: cache.resources() } };
        }
        // Some parts waited for data: wait for it (not past the deadline) and render again.
        const left = deadline - Date.now();
        if (left <= 0) return null;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = await Promise.race([
          Promise.all(waiting).then(() => false),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), left))),
        ]);
        clearTimeout(timer);
        if (late) return null;
      } finally {
        sheet.seal();
      }
    }
    return null;
  } catch (error) {
    debug(request.url, error);
    return null;
  }
}
