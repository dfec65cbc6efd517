/**
 * The web host: serves the site from the same process as the API. Each app
 * ships on its own (see releases.ts): the shell's live release gives
 * index.html and its files under /shell/<release>/, each remote's releases
 * are under /remotes/<app>/<release>/ (or at the address it is hosted at),
 * media under /media/, the runtime config at /config.json (and inline in
 * every page). Every page URL gets the shell's index.html with the page's
 * title and share preview, preloads of what it renders first, and, for
 * visitors, its content rendered on the server (prerender.ts).
 *
 * Files are served precompressed (the build writes .br and .gz beside them);
 * a release folder never changes, so its files are cached for good.
 */
import { randomInt } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findPage, pageAddress, pageModules } from '@ministry/shared/config';
import type { AppConfig } from '../config.js';
import { contentSecurityPolicy, mediaOrigins, securityHeaders, wantsHsts } from '../plugins/security.js';
import { registerCompression } from '../plugins/compression.js';
import { applyPreview, pagePreview } from './sharePreview.js';
import { pickEncoding } from '../lib/encoding.js';
import type { User } from '@ministry/shared/types';
import { SESSION_COOKIE, clearSessionCookie, findSessionUser } from '../plugins/session.js';
import { findUserById, toUser } from '../modules/users/service.js';
import { nextDevotionalDue } from '../modules/devotionals/service.js';
import { nextArticleDue } from '../modules/news/service.js';
import { liveStatus } from '../modules/sermons/live.js';
import { nextSermonDue } from '../modules/sermons/service.js';
import { siteDay } from '../lib/schedule.js';
import { createPrerenderer, guessViewport, scriptJson } from './prerender.js';
import { PageCache, type CachedPage } from './pageCache.js';
import { createPageTurns } from './pageTurns.js';
import { NOT_PAGES, PageFront, type FrontHandler, type PreparedAnswer } from './pageFront.js';
import { APP_DIR, RELEASE_ID, releaseFileLocation, type LiveApp, type SiteSnapshot, type SnapshotChoice } from './releases.js';
import { CANARY_COOKIE, CANARY_OPT_IN_COOKIE, PREVIEW_COOKIE } from './releaseCookies.js';

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

function parseRemoteFacts(text: string): RemoteFacts | null {
  try {
    const manifest = JSON.parse(text) as {
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

export interface SiteServer {
  /**
   * Answers a page URL with the shell's index.html: 200, or 404 (the same HTML:
   * the app shows its not-found page) for a path no app declares or an item
   * that does not exist; 503 when no release of the shell is live.
   */
  sendIndex: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  /** Answers the next visitors of a kept page before Fastify (pageFront.ts): the server's request listener runs it first. */
  front: FrontHandler;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerSite(app: FastifyInstance, config: AppConfig): Promise<SiteServer> {
  const mediaDir = path.join(config.siteRoot, 'api', 'content', 'media');
  const { registry, health } = app.releases;
  const prerenderer = config.prerender ? createPrerenderer(app, config) : null;
  app.addHook('onClose', async () => prerenderer?.close());

  /**
   * Which releases this request gets (releaseCookies.ts): a visitor's
   * canary bucket (given on their first page while a canary runs), staff
   * who opted in to canaries, a release check's preview. `fresh` is true
   * when this answer gives the visitor their bucket.
   */
  function choiceFor(request: FastifyRequest, reply: FastifyReply): SnapshotChoice & { fresh: boolean } {
    const raw = request.cookies?.[CANARY_COOKIE];
    let bucket = raw !== undefined && /^[0-9]{1,2}$/.test(raw) ? Number(raw) : null;
    let fresh = false;
    if (bucket === null && registry.canaries().length) {
      bucket = randomInt(100);
      fresh = true;
      reply.setCookie(CANARY_COOKIE, String(bucket), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        maxAge: 365 * 86400,
      });
    }
    const header = request.headers['x-release-preview'];
    return {
      bucket,
      fresh,
      canaryOptIn: request.cookies?.[CANARY_OPT_IN_COOKIE] === '1',
      previewToken: request.cookies?.[PREVIEW_COOKIE] ?? (typeof header === 'string' ? header : null),
    };
  }
  // API answers and pages are compressed on the fly; files are precompressed.
  registerCompression(app);

  // Rendered pages, renewed when what they show changes (a clear of its topic, in any process).
  const pageCache = new PageCache(app.redis, () => siteDay(app.clock.now()));
  const knownTopics = () => [...new Set(registry.snapshot().config.pages.flatMap((p) => p.data ?? []))];
  // Kept pages go out a few per turn of the event loop, API calls first (pageTurns.ts).
  const pageTurns = createPageTurns();
  // Kept pages already sent go out again from the server's front, past Fastify (pageFront.ts).
  const front = new PageFront({
    liveSnapshot: () => registry.snapshot(),
    canaryRuns: () => registry.canaries().length > 0,
    today: () => siteDay(app.clock.now()),
    alwaysHsts: config.secureCookies,
    log: app.log,
    logPages: ['trace', 'debug', 'info'].includes(config.logLevel),
  });
  app.decorate('pageFront', front);
  app.addHook('preClose', (done) => {
    front.close();
    done();
  });
  app.answerCache.onClearHere.push((prefix) => {
    pageCache.invalidateHere(prefix);
    front.forget(prefix);
  });
  app.answerCache.onClear.push((prefix) => void pageCache.invalidateEverywhere(prefix, knownTopics()));

  app.get('/config.json', async (request, reply) => {
    const choice = choiceFor(request, reply);
    const snapshot = registry.snapshot(choice);
    reply.header('Cache-Control', choice.fresh ? 'private, no-cache' : 'no-cache').header('Vary', 'Cookie');
    // A release check asks here whether the site serves its preview.
    if (snapshot.previews.length)
      reply.header('X-Release-Preview', previewedReleases(snapshot)).header('Cache-Control', 'no-store');
    return snapshot.config;
  });

  /**
   * The service worker (shell/src/serviceWorker), from the shell release this
   * visitor's pages use; asked again by the browser at every page
   * (`no-cache`), so a new release of the shell brings its worker.
   */
  app.get('/sw.js', async (request, reply) => {
    const snapshot = registry.snapshot(choiceFor(request, reply));
    const code = snapshot.shell ? await releaseText(snapshot.shell, 'worker/sw.js') : null;
    if (code === null) return reply.callNotFound();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie')
      .header('Service-Worker-Allowed', '/')
      .send(code);
  });

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    setHeaders: (res: FastifyReply) => void res.header('Cache-Control', 'public, max-age=86400'),
  });
  // Uploads (/media/uploads/…) are the API's (modules/media), served with or without the site.

  // Release folders: only their browser files are served, and they never change.
  await app.register(fastifyStatic, { root: config.releasesDir, serve: false, preCompressed: true, index: false });
  const sendReleaseFile = (reply: FastifyReply, folder: string | null, release: string, file: string, crossOrigin: boolean) => {
    if (!folder || !RELEASE_ID.test(release) || !file) return reply.callNotFound();
    reply.header('Cache-Control', IMMUTABLE);
    // Another origin may load a remote from here (a shell hosted elsewhere, a remote's own dev page).
    if (crossOrigin) reply.header('Access-Control-Allow-Origin', '*');
    return reply.sendFile(`${release}/browser/${file}`, folder, { cacheControl: false });
  };
  app.get<{ Params: { app: string; release: string; '*': string } }>('/remotes/:app/:release/browser/*', (request, reply) => {
    const { app: dir, release } = request.params;
    const folder = APP_DIR.test(dir) && dir !== 'shell' ? registry.folderOf(dir) : null;
    return sendReleaseFile(reply, folder, release, request.params['*'], true);
  });
  app.get<{ Params: { release: string; '*': string } }>('/shell/:release/browser/*', (request, reply) =>
    sendReleaseFile(reply, registry.folderOf('shell'), request.params.release, request.params['*'], false),
  );

  // Each release's index.html and mf-manifest.json, read once (a release never changes).
  const releaseTexts = new Map<string, Promise<string | null>>();
  function releaseText(live: LiveApp, file: string): Promise<string | null> {
    const key = `${live.dir}@${live.release}/${file}`;
    let text = releaseTexts.get(key);
    if (!text) {
      const location = releaseFileLocation(live, file);
      text =
        live.source.kind === 'folder'
          ? Promise.resolve().then(() => readFileSync(location, 'utf8'))
          : fetch(location, { signal: AbortSignal.timeout(5000) }).then((r) =>
              r.ok ? r.text() : Promise.reject(new Error(`${r.status}`)),
            );
      text = text.catch(() => {
        releaseTexts.delete(key);
        return null;
      });
      if (releaseTexts.size > 200) releaseTexts.clear();
      releaseTexts.set(key, text);
    }
    return text;
  }

  /**
   * What a page's <head> gets besides the shell's own preloads: the runtime
   * config inline (no /config.json round trip before the remotes load), and
   * preloads of the manifest, container entry and first chunks of the remote
   * modules this page renders, so they download alongside the shell.
   */
  async function pageHead(snapshot: SiteSnapshot, pathname: string): Promise<string> {
    const tags = [`<script id="ministry-runtime-config" type="application/json">${scriptJson(snapshot.config)}</script>`];
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
    for (const { remote, expose } of pageModules(findPage(snapshot.config.pages, pathname), snapshot.shellUses)) {
      const live = snapshot.remotes.find((r) => r.name === remote);
      if (!live) continue;
      const facts = parseRemoteFacts((await releaseText(live, 'browser/mf-manifest.json')) ?? '');
      if (!facts) continue;
      const base = `${live.publicBase}browser/`;
      preload(`${base}mf-manifest.json`, 'fetch');
      preload(`${base}${facts.remoteEntry}`, 'script');
      for (const file of facts.exposes[expose] ?? []) preload(`${base}${file}`, 'script');
    }
    return tags.join('');
  }

  /**
   * Who the page is for: the member whose live session the request's cookie
   * names, or null. A cookie whose session has ended is cleared, and the
   * page is a visitor's.
   */
  async function pageMember(request: FastifyRequest, reply: FastifyReply): Promise<{ member: User | null; hadCookie: boolean }> {
    const token = request.cookies?.[SESSION_COOKIE];
    if (!token) return { member: null, hadCookie: false };
    const who = await findSessionUser(app.db, token);
    if (!who) {
      clearSessionCookie(app, reply);
      return { member: null, hadCookie: true };
    }
    return { member: toUser(await findUserById(app.db, who.id)), hadCookie: true };
  }

  /** A page's HTML for this request: its title and share preview, what it loads first, and (for visitors) its content. */
  async function buildPage(request: FastifyRequest, snapshot: SiteSnapshot, shellHtml: string, member: User | null) {
    const pathname = request.url.split('?')[0];
    const page = findPage(snapshot.config.pages, pathname);
    // No soft 404s: search engines must not index the not-found page.
    let status = page ? 200 : 404;
    let html = shellHtml;
    try {
      const preview = await pagePreview(app.db, request.url, page, app.clock.now());
      // The page of a devotional, event or news item that does not exist is a 404, not a soft one.
      if (preview.missing) status = 404;
      html = applyPreview(html, preview, config.publicUrl);
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'share preview failed; serving the page without it');
    }
    // Who is signed in, as the server knows it: the page starts from this, never from what the browser kept.
    const session = `<script id="ministry-session" type="application/json">${scriptJson({ user: member })}</script>`;
    const head = session + (await pageHead(snapshot, pathname));
    html = html.includes('</head>') ? html.replace('</head>', () => `${head}</head>`) : html + head;
    // A public page for a visitor comes with its content (see prerender.ts).
    const rendered = prerenderer && !member ? await prerenderer.prerender(html, request, snapshot) : null;
    return {
      status,
      html: rendered?.html ?? html,
      rendered: rendered !== null,
      leftForTheBrowser: rendered?.leftForTheBrowser ?? [],
    };
  }

  /** When the next scheduled devotional, news item, press release or sermon becomes due, or the live page changes, if the page shows those. */
  async function nextDue(topics: string[]): Promise<number | null> {
    const now = app.clock.now();
    const wanted = [
      topics.includes('devotionals') ? nextDevotionalDue(app.db, now) : null,
      topics.includes('news') ? nextArticleDue(app.db, 'news', now) : null,
      topics.includes('press') ? nextArticleDue(app.db, 'press_releases', now) : null,
      topics.includes('sermons') ? nextSermonDue(app.db, now) : null,
      // The live page changes when a stream starts or ends, and when the next service begins.
      topics.includes('live')
        ? liveStatus(app.db, now, config.live).then((status) => (status.changesAt ? new Date(status.changesAt) : null))
        : null,
    ];
    const dates = (await Promise.all(wanted)).filter((d): d is Date => d instanceof Date);
    return dates.length ? Math.min(...dates.map((d) => d.getTime())) : null;
  }

  // The pages' policy names the origins of the releases a snapshot serves: written once per snapshot.
  const policies = new WeakMap<SiteSnapshot, string>();
  function pagePolicy(snapshot: SiteSnapshot): string {
    let policy = policies.get(snapshot);
    if (policy === undefined) {
      policy = contentSecurityPolicy(snapshot.remoteOrigins, mediaOrigins(config));
      policies.set(snapshot, policy);
    }
    return policy;
  }

  const PAGE_VARY = 'Cookie, User-Agent, Accept-Encoding';
  const PAGE_TYPE = 'text/html; charset=utf-8';
  // A CDN in front may keep a visitor's page briefly; the browser asks again each time (ETag).
  // Not an answer that gives a visitor their canary bucket, nor one about a member: those are theirs.
  const SHARED_PAGE_CACHING = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

  const pageHeaders = (reply: FastifyReply, snapshot: SiteSnapshot) =>
    reply.header('Vary', PAGE_VARY).header('Content-Security-Policy', pagePolicy(snapshot)).type(PAGE_TYPE);

  /*
   * A kept page as it leaves for any visitor: its bytes in one encoding and
   * every header of the answer (those of pageHeaders, sendCached and the
   * security hooks), prepared on its first send and kept with the page.
   */
  const preparedAnswers = new WeakMap<CachedPage, Map<string, PreparedAnswer>>();
  function preparedAnswer(snapshot: SiteSnapshot, page: CachedPage, encoding: 'br' | 'gzip' | null, hsts: boolean) {
    let answers = preparedAnswers.get(page);
    if (!answers) {
      answers = new Map();
      preparedAnswers.set(page, answers);
    }
    const key = `${encoding ?? ''}|${hsts ? 1 : 0}`;
    let answer = answers.get(key);
    if (!answer) {
      const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html;
      const pairs: [string, string][] = [
        ['vary', PAGE_VARY],
        ['content-security-policy', pagePolicy(snapshot)],
        ['content-type', PAGE_TYPE],
        ['etag', page.etag],
        ['cache-control', SHARED_PAGE_CACHING],
        ...(encoding ? [['content-encoding', encoding] as [string, string]] : []),
        ...securityHeaders(hsts),
        ['content-length', String(body.length)],
      ];
      answer = { headers: pairs.flat(), body };
      answers.set(key, answer);
    }
    return answer;
  }

  /**
   * A kept page: bytes in memory, compressed once; 304 when the browser has it.
   * `frontMark` (the front's mark before the page was looked up) when the page is
   * fresh: the front may then answer the next visitors asking for it.
   */
  function sendCached(
    request: FastifyRequest,
    reply: FastifyReply,
    snapshot: SiteSnapshot,
    page: CachedPage,
    shared: boolean,
    frontMark: number | null,
  ) {
    const notModified = request.headers['if-none-match'] === page.etag;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (shared && !notModified && request.method === 'GET') {
      // The same answer for every visitor: written as prepared, past the hooks that would build it again.
      const answer = preparedAnswer(snapshot, page, encoding, wantsHsts(config, request));
      if (frontMark !== null) {
        const encrypted = (request.raw.socket as TLSSocket).encrypted === true;
        front.keep(
          { method: request.method, url: request.url, headers: request.headers, encrypted },
          frontMark,
          snapshot,
          page,
          answer,
        );
      }
      reply.hijack();
      reply.raw.writeHead(page.status, answer.headers);
      reply.raw.end(answer.body);
      return reply;
    }
    pageHeaders(reply, snapshot)
      .status(page.status)
      .header('ETag', page.etag)
      .header('Cache-Control', shared ? SHARED_PAGE_CACHING : 'private, no-cache');
    if (notModified) return reply.status(304).send();
    if (encoding) return reply.header('Content-Encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
    return reply.send(page.html);
  }

  const sendBuilt = (reply: FastifyReply, snapshot: SiteSnapshot, built: { status: number; html: string }, shared = true) =>
    pageHeaders(reply, snapshot)
      .status(built.status)
      .header('Cache-Control', shared ? 'no-cache' : 'private, no-cache')
      .send(built.html);

  /** The releases a preview shows: `mfe-giving@<release>,…`. */
  const previewedReleases = (snapshot: SiteSnapshot) =>
    snapshot.previews
      .map((dir) => `${dir}@${(dir === 'shell' ? snapshot.shell : snapshot.remotes.find((r) => r.dir === dir))?.release}`)
      .join(',');

  /** The apps a page shows (folder names): the shell, the page's own app and the remote parts it composes. */
  function appsShown(snapshot: SiteSnapshot, page: ReturnType<typeof findPage>): string[] {
    const dirs = ['shell'];
    for (const { remote } of pageModules(page, snapshot.shellUses)) {
      const dir = snapshot.remotes.find((r) => r.name === remote)?.dir;
      if (dir && !dirs.includes(dir)) dirs.push(dir);
    }
    return dirs;
  }

  /**
   * A release check's preview: rendered afresh, never kept, marked with the
   * releases it shows and what the server could not render.
   */
  async function sendPreview(
    request: FastifyRequest,
    reply: FastifyReply,
    snapshot: SiteSnapshot,
    shellHtml: string,
    member: User | null,
  ) {
    const built = await buildPage(request, snapshot, shellHtml, member);
    const page = findPage(snapshot.config.pages, request.url.split('?')[0]);
    const problems = [...built.leftForTheBrowser];
    if (page?.ssr && !built.rendered) problems.push('the page was not rendered on the server');
    reply
      .header('X-Release-Preview', previewedReleases(snapshot))
      .header('X-Render-Problems', encodeURIComponent(JSON.stringify(problems)));
    return pageHeaders(reply, snapshot).status(built.status).header('Cache-Control', 'no-store').send(built.html);
  }

  const sendIndex: SiteServer['sendIndex'] = async (request, reply) => {
    const frontMark = front.mark;
    const choice = choiceFor(request, reply);
    const snapshot = registry.snapshot(choice);
    const shellHtml = snapshot.shell ? await releaseText(snapshot.shell, 'browser/index.html') : null;
    if (shellHtml === null) {
      return reply
        .status(503)
        .send({ error: { code: 'not_built', message: 'The site is not built yet. Run `npm start` (or `npm run build`).' } });
    }
    const { member, hadCookie } = await pageMember(request, reply);
    if (snapshot.previews.length) return sendPreview(request, reply, snapshot, shellHtml, member);
    const page = findPage(snapshot.config.pages, request.url.split('?')[0]);
    health.pageViewed(snapshot, appsShown(snapshot, page));
    // A member's page carries who they are: theirs alone.
    const shared = !choice.fresh && !hadCookie;
    // A visitor's server-rendered page is the same for every visitor: kept (pageCache.ts).
    if (prerenderer && page?.ssr && !member) {
      const key = `${snapshot.key}|${request.headers.host ?? ''}|${guessViewport(request.headers)}|${pageAddress(request.url)}`;
      const topics = page.data ?? [];
      const { page: kept, fresh } = await pageCache.get(key);
      if (kept && (fresh || pageCache.rendering(key))) {
        await pageTurns.wait();
        return sendCached(request, reply, snapshot, kept, shared, fresh ? frontMark : null);
      }
      let mine: Awaited<ReturnType<typeof buildPage>> | null = null;
      const renewed = await pageCache.render(key, topics, async () => {
        mine = await buildPage(request, snapshot, shellHtml, null);
        // Only a page rendered with its content is kept (not one left to the browser, not a 404).
        if (!mine.rendered || mine.status !== 200) return null;
        return { status: mine.status, html: mine.html, dueAt: await nextDue(topics), life: page.data ? undefined : 'short' };
      });
      if (renewed) {
        await pageTurns.wait();
        return sendCached(request, reply, snapshot, renewed, shared, frontMark);
      }
      if (mine) return sendBuilt(reply, snapshot, mine, shared);
    }
    return sendBuilt(reply, snapshot, await buildPage(request, snapshot, shellHtml, member), shared);
  };

  // The home page is answered here rather than by the not-found handler.
  app.get('/', (request, reply) => (isPageRequest(request) ? sendIndex(request, reply) : reply.callNotFound()));

  return { sendIndex, front: front.handle };
}
