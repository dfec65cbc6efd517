/**
 * Server-rendered pages: for a visitor who is not signed in, a page its app
 * declares `ssr` is answered with its content already in the HTML, rendered
 * by the live releases' server renderer in worker threads (renderPool.ts).
 * The page then shows before any script runs, search engines read it, and
 * the browser takes the HTML over as it is. The renderer reads the API
 * in-process, with no cookies: what it shows is what any visitor sees. When
 * no renderer is live, it fails or it is slow, the page is rendered in the
 * browser as before.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findPage, pageAddress, pageModules } from '@ministry/shared/config';
import type { AppConfig } from '../config.js';
import { releaseFileLocation, type SiteSnapshot } from './releases.js';
import { RenderPool, type RenderedPage, type RendererSpec, type Viewport } from './renderPool.js';

export type { RenderedPage, Viewport };

export interface Prerenderer {
  /**
   * The page's HTML with its content in it (and the parts left for the
   * browser to render, with why), or null to render it in the browser.
   */
  prerender: (
    html: string,
    request: FastifyRequest,
    snapshot: SiteSnapshot,
  ) => Promise<{ html: string; leftForTheBrowser: string[] } | null>;
  close: () => void;
}

/** How long a release check's preview may take to render (its renderer starting included). */
const PREVIEW_TIMEOUT_MS = 30_000;

/** A pool not used for this long, serving a set of releases no longer asked for, stops. */
const POOL_IDLE_MS = 30_000;

/** A phone, as far as the request tells (the layout the page starts with). */
export function guessViewport(headers: IncomingHttpHeaders): Viewport {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.includes('1') ? 'mobile' : 'desktop';
  return /Mobi|Android|iPhone|iPod/i.test(headers['user-agent'] ?? '') ? 'mobile' : 'desktop';
}

/** JSON that is safe inside a <script> element. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Puts a rendered page into the shell's index.html. */
export function injectRenderedPage(html: string, page: Pick<RenderedPage, 'html' | 'styles' | 'prerendered'>): string | null {
  // React lists the resources it wants early (image preloads) before the app's HTML: they belong in the head.
  const lead = /^(?:<link\b[^>]*>)+/.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(lead.length);
  const root = /(<div id="?root"?>)<div id="?boot"?[^>]*>[^<]*<\/div><\/div>/;
  if (!root.test(html) || !html.includes('</head>')) return null;
  const data = `<script id="ministry-prerendered" type="application/json">${scriptJson(page.prerendered)}</script>`;
  return (
    html
      // The content is here already: the app's scripts load after it is painted, not alongside it.
      .replace(/<link rel="?preload"? as="?(?:script|fetch)"?[^>]*>/g, '')
      .replace('</head>', () => `${lead}${page.styles}</head>`)
      .replace(root, (_match, open: string) => `${open}${body}</div>${data}`)
  );
}

/** What the workers of a set of live releases start with, or null when no renderer is live. */
export function rendererSpec(snapshot: SiteSnapshot): RendererSpec | null {
  const shell = snapshot.shell;
  const renderFile = 'server/render.js';
  if (!shell?.files[renderFile]) return null;
  const remotes: RendererSpec['remotes'] = {};
  for (const remote of snapshot.remotes) {
    const entry = 'server/remoteEntry.js';
    if (remote.files[entry]) remotes[remote.name] = { location: releaseFileLocation(remote, entry), sha256: remote.files[entry] };
  }
  return {
    shell: { location: releaseFileLocation(shell, renderFile), sha256: shell.files[renderFile] },
    remotes,
    config: snapshot.config,
  };
}

export function createPrerenderer(app: FastifyInstance, config: AppConfig): Prerenderer {
  const read = async (apiPath: string) => {
    const response = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      // not JSON: the load fails on its status
    }
    return { status: response.statusCode, body };
  };

  // One pool per set of releases served (the live ones, a canary's, a release check's preview). A
  // new set gets a new pool; one whose releases are no longer live winds down at once, a canary's
  // or a preview's once nobody asked for it a while.
  const pools = new Map<string, { pool: RenderPool | null; usedAt: number; variant: boolean }>();
  function poolFor(snapshot: SiteSnapshot): RenderPool | null {
    const now = Date.now();
    let entry = pools.get(snapshot.key);
    if (!entry) {
      const variant = snapshot.canaries.length > 0 || snapshot.previews.length > 0;
      for (const [key, other] of pools) {
        if (variant ? now - other.usedAt > POOL_IDLE_MS : other.variant ? now - other.usedAt > POOL_IDLE_MS : true) {
          other.pool?.close();
          pools.delete(key);
        }
      }
      const spec = rendererSpec(snapshot);
      entry = { pool: spec ? new RenderPool(spec, config.renderWorkers, read, app.log) : null, usedAt: now, variant };
      pools.set(snapshot.key, entry);
    }
    entry.usedAt = now;
    return entry.pool;
  }

  return {
    prerender: async (html, request, snapshot) => {
      const url = pageAddress(request.url);
      const page = findPage(snapshot.config.pages, url.split('?')[0]);
      // Only a visitor's page (the caller decides who is signed in: a cookie whose session ended is a visitor's).
      if (!page?.ssr) return null;
      const pool = poolFor(snapshot);
      // At most PRERENDER_CONCURRENCY pages at once; beyond that the browser renders them.
      if (!pool || (pool.busy >= config.prerenderConcurrency && !snapshot.previews.length)) return null;
      const origin = `${request.protocol}://${request.headers.host ?? request.hostname}`;
      const modules = pageModules(page, snapshot.shellUses).map(({ remote, expose }) => `${remote}/${expose}`);
      const rendered = await pool.render({
        url,
        origin,
        viewport: guessViewport(request.headers),
        modules,
        // A release check waits for its render, however busy the machine: a slow page is no failure there.
        timeoutMs: snapshot.previews.length ? PREVIEW_TIMEOUT_MS : config.prerenderTimeoutMs,
      });
      if (rendered?.leftForTheBrowser.length) {
        app.log.warn(`${url}: part of the page is left for the browser to render: ${rendered.leftForTheBrowser.join('; ')}`);
      }
      const filled = rendered ? injectRenderedPage(html, rendered) : null;
      return filled === null ? null : { html: filled, leftForTheBrowser: rendered!.leftForTheBrowser };
    },
    close: () => {
      for (const entry of pools.values()) entry.pool?.close();
      pools.clear();
    },
  };
}
