/**
 * The server renderer: the same app as in the browser, rendered to HTML for
 * one page URL, with the data it loaded and the CSS it used, so the page
 * shows its content before any script runs and the browser takes it over as
 * it is. It is the shell's server container: each remote's server container
 * is loaded at run time from its live release (through `loadContainer`, which
 * hands over only code whose hashes the release recorded), and shares this
 * container's React, router, styled-components, redux and shared library.
 *
 * A remote whose server container cannot be loaded, or throws while it
 * renders, is left for the browser to render (its part of the page only);
 * the log says why. A page whose data cannot be loaded, or that takes too
 * long, is answered null: the browser renders it all.
 */
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter, type RouteObject } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import axios, { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@ministry/shared/config';
import { answerCallsWith } from '@ministry/shared/api';
import { createAppStore } from '@ministry/shared/store';
import { AppProviders, type PrerenderedPage, PrerenderProvider, ServerResourceCache, type Viewport } from '@ministry/shared/app';
import { SiteRoutes } from '../app/App';
import { RemoteLoaderProvider, type RemoteLoader } from '../features/remotes/RemoteModule';
import { SiteConfigProvider } from '../features/remotes/siteConfig';
import { Footer } from '../features/footer/Footer';
import { FooterAtHandProvider } from '../features/layout/FooterPart';

/** Answers a GET of the API (the server hands in its own, in-process). */
export type ApiReader = (path: string) => Promise<{ status: number; body: unknown }>;

export interface RendererOptions {
  /** The live releases: where each remote's page list and browser container are. */
  config: RuntimeConfig;
  /** Where each remote's server container (remoteEntry.js) is, by federation name. */
  serverEntries: Record<string, string>;
  /** Runs the container at `url` once its code is checked against its release's recorded hash; rejects otherwise. */
  loadContainer: (url: string, globalName: string) => Promise<unknown>;
  readApi: ApiReader;
  log: (level: 'info' | 'warn', message: string) => void;
}

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The site's origin as the visitor sees it (share links). */
  origin: string;
  viewport: Viewport;
  /** The remote modules the page renders (`mfe_giving/routes`). */
  modules: string[];
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
  /** Parts left for the browser to render, and why. */
  leftForTheBrowser: string[];
}

/** What loading one exposed module of a remote found (the release checks use it). */
export interface RemoteCheck {
  expose: string;
  error?: string;
  /** For `routes`: the paths of the manifest's pages that reach no page of their own. */
  unroutedPages?: string[];
}

export interface Renderer {
  renderPage: (request: RenderRequest) => Promise<RenderedPage | null>;
  /** Loads each module `remote` exposes and checks that its routes route `pages`. */
  checkRemote: (remote: string, exposes: string[], pages: string[]) => Promise<RemoteCheck[]>;
}

type ComponentModule = { default: React.ComponentType<Record<string, unknown>>; routes?: RouteObject[] };

/** How React marks a part it could not render on the server. */
const LEFT_FOR_THE_BROWSER = '<!--$!-->';

/** Renders as many times as loads need (a page's data, then what depends on it), at most this often. */
const MAX_PASSES = 4;

/** A module that failed to load is tried again after this long. */
const RETRY_FAILED_AFTER_MS = 10_000;

/**
 * A remote's server container (one file) reaches the federation runtime
 * through `loadContainer` only: nothing runs that its release did not record.
 */
function checkedContainersPlugin(loadContainer: RendererOptions['loadContainer']): ModuleFederationRuntimePlugin {
  return {
    name: 'ministry-checked-containers',
    loadEntry: ({ remoteInfo }) => loadContainer(remoteInfo.entry, remoteInfo.entryGlobalName) as never,
  };
}

export async function createRenderer(options: RendererOptions): Promise<Renderer> {
  const { config } = options;
  answerCallsWith(apiAdapter(options.readApi));
  registerPlugins([checkedContainersPlugin(options.loadContainer)]);
  registerRemotes(Object.entries(options.serverEntries).map(([name, entry]) => ({ name, entry })));

  const loaded = new Map<string, ComponentModule>();
  const failed = new Map<string, { at: number; why: string }>();

  /** Loads `remote/expose` once; a failure is remembered for a while. */
  async function load(id: string): Promise<ComponentModule | undefined> {
    const known = loaded.get(id);
    if (known) return known;
    const failure = failed.get(id);
    if (failure && Date.now() - failure.at < RETRY_FAILED_AFTER_MS) return undefined;
    try {
      const module = await loadRemote<ComponentModule>(id);
      if (!module || typeof module.default !== 'function') throw new Error(`${id} has no component to render`);
      loaded.set(id, module);
      failed.delete(id);
      return module;
    } catch (error) {
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      failed.set(id, { at: Date.now(), why });
      return undefined;
    }
  }

  const serverLoader: RemoteLoader = {
    get: (remote, expose) => loaded.get(`${remote}/${expose}`),
    load: async (remote, expose) => {
      const id = `${remote}/${expose}`;
      throw new Error(`${id} is not available on the server${failed.get(id) ? `: ${failed.get(id)!.why}` : ''}`);
    },
    forget: () => 'retry',
  };

  async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
    const cache = new ServerResourceCache();
    const renderedAt = Date.now();
    const deadline = Date.now() + (request.timeoutMs ?? 3000);
    const missing: string[] = [];
    for (const id of request.modules) if (!(await load(id))) missing.push(`${id}: ${failed.get(id)?.why ?? 'not loaded'}`);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const { store } = createAppStore({ persist: false });
      const sheet = new ServerStyleSheet();
      const page = (
        <PrerenderProvider value={{ cache, origin: request.origin, viewport: request.viewport, renderedAt }}>
          <SiteConfigProvider config={config}>
            <AppProviders store={store}>
              <StaticRouter location={request.url}>
                <RemoteLoaderProvider value={serverLoader}>
                  <FooterAtHandProvider value={Footer}>
                    <SiteRoutes />
                  </FooterAtHandProvider>
                </RemoteLoaderProvider>
              </StaticRouter>
            </AppProviders>
          </SiteConfigProvider>
        </PrerenderProvider>
      );
      try {
        const html = renderToString(sheet.collectStyles(page));
        const waiting = cache.pending;
        if (!waiting.length) {
          // A load failed: the page is better rendered in the browser, where it says so.
          if (cache.failed) return null;
          let leftForTheBrowser: string[] = [];
          if (html.includes(LEFT_FOR_THE_BROWSER)) {
            leftForTheBrowser = missing.length ? missing : await whatThrew(page, deadline);
            if (!leftForTheBrowser.length) leftForTheBrowser = ['a part threw while rendering'];
          }
          return {
            html,
            styles: sheet.getStyleTags(),
            prerendered: { url: request.url, viewport: request.viewport, resources: cache.resources(), renderedAt },
            leftForTheBrowser,
          };
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
  }

  async function checkRemote(remote: string, exposes: string[], pages: string[]): Promise<RemoteCheck[]> {
    const checks: RemoteCheck[] = [];
    for (const expose of exposes) {
      const name = expose.replace(/^\.\//, '');
      const id = `${remote}/${name}`;
      try {
        const module = await loadRemote<ComponentModule>(id);
        if (!module || typeof module.default !== 'function') throw new Error(`${expose} exports no component`);
        const check: RemoteCheck = { expose };
        if (name === 'routes') {
          if (!Array.isArray(module.routes)) throw new Error('./routes exports no `routes` list');
          check.unroutedPages = pages.filter((path) => {
            const match = matchRoutes(module.routes!, path.replace(/:\w+/g, 'x'))?.at(-1);
            return !match || match.route.path !== path;
          });
        }
        checks.push(check);
      } catch (error) {
        checks.push({ expose, error: error instanceof Error ? error.message.split('\n')[0] : String(error) });
      }
    }
    return checks;
  }

  return { renderPage, checkRemote };
}

/**
 * What a part threw while rendering: renderToString leaves such a part for
 * the browser without saying why, so the page is rendered once more (by the
 * streaming renderer, output discarded) to read the errors. Only a page with
 * such a part pays for it.
 */
function whatThrew(element: ReactNode, deadline: number): Promise<string[]> {
  return new Promise((resolve) => {
    const errors: string[] = [];
    const done = () => {
      clearTimeout(timer);
      stream.abort();
      resolve(errors);
    };
    const stream = renderToPipeableStream(element, {
      onError: (error: unknown) => void errors.push(error instanceof Error ? error.message.split('\n')[0] : String(error)),
      onAllReady: done,
      onShellError: done,
    });
    const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
  });
}

/** Sends every API call of a render to `read`; the renderer only reads. */
function apiAdapter(read: ApiReader): AxiosAdapter {
  return async (config) => {
    if ((config.method ?? 'get').toLowerCase() !== 'get') throw new Error('The server renderer only reads from the API.');
    const { status, body } = await read(axios.getUri({ ...config, baseURL: '' }));
    const response: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
}
