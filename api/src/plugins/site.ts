/**
 * Serves the built site from the same process as the API: the shell at `/`,
 * each remote under `/remotes/<dir>/`, media under `/media/`, the runtime
 * config at `/config.json`, and the shell's index.html for every page URL.
 * Files are served precompressed (the build writes .br and .gz beside them);
 * answers built in memory (API JSON, the pages' HTML) are compressed as sent.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSitePage, pageRemotes, productionRuntimeConfig, REMOTE_DIRS, type RemoteName } from '@ministry/shared/config';
import type { AppConfig } from '../config.js';
import { registerCompression } from './compression.js';
import { createPrerenderer } from './prerender.js';

/** Hashed file names (`337.3679b0a8ce.js`) never change: cache them for a year. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
const NEVER_CACHE = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'main.js']);

function setCacheHeaders(res: FastifyReply, filePath: string): void {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (HASHED.test(name) || /\.(woff2?)$/.test(name)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
  else if (NEVER_CACHE.has(name)) res.header('Cache-Control', 'no-cache');
  else res.header('Cache-Control', 'public, max-age=3600');
}

/** Paths that are never pages: a miss there is a 404, not the shell. */
const NOT_PAGES = /^\/(api|media|remotes|pay)(\/|$)|\.[a-z0-9]{2,5}$/i;

export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (NOT_PAGES.test(pathname)) return false;
  const accept = request.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

/** What index.html needs from a remote's mf-manifest.json to preload it. */
interface RemoteFacts {
  remoteEntry: string;
  /** Expose name -> the JS files it needs at once. */
  exposes: Record<string, string[]>;
}

const SAFE_FILE = /^[\w.-]+$/;

function readRemoteFacts(file: string): RemoteFacts | null {
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
      metaData?: { remoteEntry?: { name?: string; path?: string } };
      exposes?: { name: string; assets?: { js?: { sync?: string[] } } }[];
    };
    const entry = manifest.metaData?.remoteEntry;
    const remoteEntry = [entry?.path, entry?.name].filter(Boolean).join('/');
    if (!remoteEntry || !remoteEntry.split('/').every((part) => SAFE_FILE.test(part))) return null;
    const exposes: Record<string, string[]> = {};
    for (const expose of manifest.exposes ?? []) {
      exposes[expose.name] = (expose.assets?.js?.sync ?? []).filter((f) => SAFE_FILE.test(f));
    }
    return { remoteEntry, exposes };
  } catch {
    return null;
  }
}

/**
 * Changes the shell's HTML for one page URL (e.g. share-preview meta tags).
 * It may set the reply's status, e.g. 404 for the page of an item that does not exist.
 */
export type PageHtmlTransform = (html: string, request: FastifyRequest, reply: FastifyReply) => Promise<string> | string;

export interface SiteServer {
  /**
   * Answers a page URL with the shell's index.html: 200, or 404 (the same HTML:
   * the app shows its not-found page) for a path no route matches or an item
   * that does not exist; 503 when the site is not built.
   */
  sendIndex: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  addPageTransform: (transform: PageHtmlTransform) => void;
}

export async function registerSite(app: FastifyInstance, config: AppConfig): Promise<SiteServer> {
  const shellDist = path.join(config.siteRoot, 'shell', 'dist');
  const mediaDir = path.join(config.siteRoot, 'api', 'content', 'media');
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const transforms: PageHtmlTransform[] = [];
  const prerenderer = config.prerender ? createPrerenderer(app, config) : null;
  // API answers and pages are compressed on the fly; files are precompressed.
  registerCompression(app);

  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return productionRuntimeConfig();
  });

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    setHeaders: (res: FastifyReply) => void res.header('Cache-Control', 'public, max-age=86400'),
  });
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/media/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (res: FastifyReply) => void res.header('Cache-Control', 'public, max-age=86400'),
  });

  for (const dir of Object.values(REMOTE_DIRS)) {
    const root = path.join(config.siteRoot, dir, 'dist');
    if (!existsSync(root)) app.log.warn(`${dir} is not built (${root} is missing); /remotes/${dir}/ will answer 503.`);
    await app.register(fastifyStatic, {
      root,
      prefix: `/remotes/${dir}/`,
      decorateReply: false,
      preCompressed: true,
      index: false,
      setHeaders: setCacheHeaders,
    });
  }

  if (!existsSync(shellDist))
    app.log.warn(`The shell is not built (${shellDist} is missing); pages will answer 503. Run npm start or npm run build.`);
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    decorateReply: false,
    preCompressed: true,
    index: false,
    wildcard: true,
    setHeaders: setCacheHeaders,
  });

  // Each remote's manifest, re-read when its build changes.
  const facts = new Map<RemoteName, { mtimeMs: number; facts: RemoteFacts | null }>();
  function remoteFacts(remote: RemoteName): RemoteFacts | null {
    const file = path.join(config.siteRoot, REMOTE_DIRS[remote], 'dist', 'mf-manifest.json');
    try {
      const { mtimeMs } = statSync(file);
      const known = facts.get(remote);
      if (known?.mtimeMs === mtimeMs) return known.facts;
      const read = readRemoteFacts(file);
      facts.set(remote, { mtimeMs, facts: read });
      return read;
    } catch {
      return null;
    }
  }

  /**
   * What a page's <head> gets besides the shell's own preloads: the runtime
   * config inline (no /config.json round trip before the remotes load), and
   * preloads of the manifest, container entry and first chunks of the remote
   * modules this page renders, so they download alongside the shell.
   */
  function pageHead(pathname: string): string {
    const runtime = JSON.stringify(productionRuntimeConfig()).replace(/</g, '\\u003c');
    const tags = [`<script id="ministry-runtime-config" type="application/json">${runtime}</script>`];
    const seen = new Set<string>();
    const preload = (href: string, as: 'script' | 'fetch') => {
      if (seen.has(href)) return;
      seen.add(href);
      tags.push(
        as === 'fetch'
          ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}">`
          : `<link rel="preload" as="script" href="${href}">`,
      );
    };
    for (const { remote, expose } of pageRemotes(pathname)) {
      const known = remoteFacts(remote);
      if (!known) continue;
      const base = `/remotes/${REMOTE_DIRS[remote]}/`;
      preload(`${base}mf-manifest.json`, 'fetch');
      preload(`${base}${known.remoteEntry}`, 'script');
      for (const file of known.exposes[expose] ?? []) preload(`${base}${file}`, 'script');
    }
    return tags.join('');
  }

  let cached: { mtimeMs: number; html: string } | null = null;
  function readIndex(): string | null {
    const file = path.join(shellDist, 'index.html');
    try {
      const { mtimeMs } = statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  }

  const sendIndex: SiteServer['sendIndex'] = async (request, reply) => {
    let html = readIndex();
    if (html === null) {
      return reply
        .status(503)
        .send({ error: { code: 'not_built', message: 'The site is not built yet. Run `npm start` (or `npm run build`).' } });
    }
    // No soft 404s: search engines must not index the not-found page.
    reply.status(isSitePage(request.url.split('?')[0]) ? 200 : 404);
    for (const transform of transforms) html = await transform(html, request, reply);
    const head = pageHead(request.url.split('?')[0]);
    html = html.includes('</head>') ? html.replace('</head>', `${head}</head>`) : html + head;
    // A public page for a visitor comes with its content (see prerender.ts).
    if (prerenderer) html = (await prerenderer.prerender(html, request)) ?? html;
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, User-Agent')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  // The home page is answered here rather than by the static handler, which
  // refuses the folder (403) when a client sends no Accept-Encoding.
  app.get('/', (request, reply) => (isPageRequest(request) ? sendIndex(request, reply) : reply.callNotFound()));

  return { addPageTransform: (transform) => transforms.push(transform), sendIndex };
}
