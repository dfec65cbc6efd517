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
import { productionRuntimeConfig, REMOTE_DIRS } from '@ministry/shared/config';
import type { AppConfig } from '../config.js';
import { registerCompression } from './compression.js';

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

/** Changes the shell's HTML for one page URL (e.g. share-preview meta tags). */
export type PageHtmlTransform = (html: string, request: FastifyRequest) => Promise<string> | string;

export interface SiteServer {
  /** Answers a page URL with the shell's index.html (200), or 503 when the site is not built. */
  sendIndex: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  addPageTransform: (transform: PageHtmlTransform) => void;
}

export async function registerSite(app: FastifyInstance, config: AppConfig): Promise<SiteServer> {
  const shellDist = path.join(config.siteRoot, 'shell', 'dist');
  const mediaDir = path.join(config.siteRoot, 'api', 'content', 'media');
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const transforms: PageHtmlTransform[] = [];
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

  if (!existsSync(shellDist)) app.log.warn(`The shell is not built (${shellDist} is missing); pages will answer 503. Run npm start or npm run build.`);
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    decorateReply: false,
    preCompressed: true,
    index: false,
    wildcard: true,
    setHeaders: setCacheHeaders,
  });

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

  return {
    addPageTransform: (transform) => transforms.push(transform),
    sendIndex: async (request, reply) => {
      let html = readIndex();
      if (html === null) {
        return reply
          .status(503)
          .send({ error: { code: 'not_built', message: 'The site is not built yet. Run `npm start` (or `npm run build`).' } });
      }
      for (const transform of transforms) html = await transform(html, request);
      return reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    },
  };
}
