/**
 * Server-rendered pages: for a visitor who is not signed in, a public page
 * (shared/config `isPrerenderedPage`) is answered with its content already
 * in the HTML, rendered by the site's own server renderer
 * (shell/dist-ssr/render.cjs, built with the site). The page then shows
 * before any script runs, search engines read it, and the browser takes the
 * HTML over as it is. The renderer reads the API in-process, with no
 * cookies: what it shows is what any visitor sees. When it is not built,
 * fails or is slow, the page is rendered in the browser as before.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compileFunction } from 'node:vm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPrerenderedPage } from '@ministry/shared/config';
import type { AppConfig } from '../config.js';
import { SESSION_COOKIE } from './session.js';

type Viewport = 'mobile' | 'desktop';

interface RenderedPage {
  html: string;
  styles: string;
  prerendered: { url: string; viewport: Viewport; resources: Record<string, unknown> };
}

interface Renderer {
  useApi: (read: (path: string) => Promise<{ status: number; body: unknown }>) => void;
  renderPage: (request: { url: string; origin: string; viewport: Viewport; timeoutMs?: number }) => Promise<RenderedPage | null>;
}

export interface Prerenderer {
  /** The page's HTML with its content in it, or null to render it in the browser. */
  prerender: (html: string, request: FastifyRequest) => Promise<string | null>;
}

/**
 * Runs a built CommonJS file as Node would, but without the loader hooks the
 * API runs under (tsx): the renderer is plain JavaScript already, and through
 * the hooks it would be transformed again, at ~240 MB and a second of start.
 */
function loadCommonJs(file: string): unknown {
  const module = { exports: {} as unknown };
  const run = compileFunction(readFileSync(file, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file });
  run(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** A phone, as far as the request tells (the layout the page starts with). */
export function guessViewport(request: FastifyRequest): Viewport {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.includes('1') ? 'mobile' : 'desktop';
  return /Mobi|Android|iPhone|iPod/i.test(request.headers['user-agent'] ?? '') ? 'mobile' : 'desktop';
}

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Puts a rendered page into the shell's index.html. */
export function injectRenderedPage(html: string, page: RenderedPage): string | null {
  // React lists the resources it wants early (image preloads) before the app's HTML: they belong in the head.
  const lead = /^(?:<link\b[^>]*>)+/.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(lead.length);
  const root = /(<div id="?root"?>)<div id="?boot"?[^>]*>[^<]*<\/div><\/div>/;
  if (!root.test(html) || !html.includes('</head>')) return null;
  const data = `<script id="ministry-prerendered" type="application/json">${scriptJson(page.prerendered)}</script>`;
  return html
    // The content is here already: the app's scripts load after it is painted, not alongside it.
    .replace(/<link rel="?preload"? as="?(?:script|fetch)"?[^>]*>/g, '')
    .replace('</head>', `${lead}${page.styles}</head>`)
    .replace(root, (_match, open: string) => `${open}${body}</div>${data}`);
}

/** The share of each second that server rendering may take (the API keeps the rest). */
const RENDER_SHARE = 0.3;

export function createPrerenderer(app: FastifyInstance, config: AppConfig): Prerenderer {
  const file = path.join(config.siteRoot, 'shell', 'dist-ssr', 'render.cjs');
  let loaded: { mtimeMs: number; renderer: Renderer | null } | null = null;

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

  /** The renderer, loaded again when a build replaces it; null when not built. */
  function renderer(): Renderer | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (loaded?.mtimeMs === mtimeMs) return loaded.renderer;
    try {
      const fresh = loadCommonJs(file) as Renderer;
      fresh.useApi(read);
      loaded = { mtimeMs, renderer: fresh };
    } catch (error) {
      app.log.warn({ err: error }, 'The server renderer could not be loaded; pages render in the browser.');
      loaded = { mtimeMs, renderer: null };
    }
    return loaded.renderer;
  }

  // Rendering is the server's heaviest work: at most PRERENDER_CONCURRENCY pages at once, and
  // rendering takes at most RENDER_SHARE of each second. A page asked for beyond that is sent
  // unrendered (the browser renders it), so a rush of page loads never starves the API.
  let rendering = 0;
  let windowStart = 0;
  let spentInWindow = 0;
  const budgetLeft = (now: number) => {
    if (now - windowStart >= 1000) {
      windowStart = now;
      spentInWindow = 0;
    }
    return spentInWindow < RENDER_SHARE * 1000;
  };

  return {
    prerender: async (html, request) => {
      const url = request.url;
      if (!isPrerenderedPage(url.split('?')[0]) || request.cookies?.[SESSION_COOKIE]) return null;
      if (rendering >= config.prerenderConcurrency || !budgetLeft(Date.now())) return null;
      const render = renderer();
      if (!render) return null;
      const origin = `${request.protocol}://${request.headers.host ?? request.hostname}`;
      rendering++;
      const started = Date.now();
      try {
        const page = await render.renderPage({ url, origin, viewport: guessViewport(request), timeoutMs: config.prerenderTimeoutMs });
        return page ? injectRenderedPage(html, page) : null;
      } finally {
        rendering--;
        spentInWindow += Date.now() - started;
      }
    },
  };
}
