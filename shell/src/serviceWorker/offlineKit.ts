/**
 * The offline Sunday kit, with Workbox.
 *
 * Releases: a page tells the worker which releases it runs (the shell's and
 * each remote's, as its runtime config names them: a canary or a preview
 * for this visitor included). The worker keeps every file of those releases
 * (each release's precache.json) and serves release files from its cache
 * first: their addresses carry the release, so a page can never get a file
 * of another release than the one its HTML names. Releases no kept page
 * and no open page uses any more are dropped.
 *
 * Pages: always from the network first, so a new release reaches the next
 * page and an online member never gets a kept copy; a copy is kept of each
 * page visited (a signed-in member's, which names them, in their personal
 * cache) and used only when the network fails. A page never kept gets the
 * offline page, which lists what is kept.
 *
 * Answers of the API: public answers are kept as they come (network first);
 * answers marked `no-store` never are, but for the kit's personal ones (the
 * member's tickets), kept for their owner only: a change of member (or a
 * sign-out) clears them. After a visit the worker warms the kit: today's and
 * the last seven days' devotionals, the events, the live page (this week's
 * services), the latest sermon and the member's tickets.
 *
 * Writes: "I prayed", likes and comments sent without a connection wait in
 * a Background Sync queue (replayed by the browser when the connection is
 * back, or on the next visit) and the page is told they will be sent.
 */
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { Queue } from 'workbox-background-sync';
import { offlinePage, type KeptPage } from './offlinePage';

export const CACHES = {
  releases: 'ministry-releases',
  pages: 'ministry-pages',
  api: 'ministry-api',
  personal: 'ministry-personal',
  media: 'ministry-media',
  state: 'ministry-state',
} as const;

/** A release's folder of browser files, in any address (`/remotes/mfe-giving/<release>/browser/`). */
const RELEASE_BASE = /(?:https?:\/\/[^"'\s<>]*?)?\/[^"'\s<>]*?\/[0-9]{8}-[0-9]{6}-[0-9a-f]{6}\/browser\//g;
/** Same-origin release files. */
const RELEASE_FILE = /^\/(shell|remotes\/[a-z0-9-]+)\/[0-9]{8}-[0-9]{6}-[0-9a-f]{6}\/browser\//;
/** Pages never kept: staff pages, sign-in forms, payment pages. */
const NOT_KEPT = /^\/(admin|login|signup|forgot-password|reset-password|pay|newsletter)(\/|$)/;
/** The kit's personal answers: kept for their owner only. */
const PERSONAL_API = /^\/api\/payment\/my-bookings$/;
/** Writes that wait for the connection. */
const QUEUED_WRITES = [/^\/api\/prayers\/[^/]+\/prayed$/, /^\/api\/story\/like\/[^/]+$/, /^\/api\/comments\/add$/];
/** How often the kit is warmed at most, but for a change of member or of releases. */
const WARM_EVERY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
/** A kept answer is the answer to its address, whatever the headers it varied by (the session, the browser). */
const IGNORE_VARY: CacheQueryOptions = { ignoreVary: true };

export const QUEUED_MESSAGE = 'You are offline: this will be sent when you are back online.';

/** What the worker remembers between its starts: whose personal answers it keeps, and when it warmed the kit. */
interface WorkerState {
  user: string | null;
  warmedAt: number;
  releases: string[];
}

/** What a page says after it started. */
interface PageMessage {
  type: 'page';
  releases: string[];
  user: string | null;
}

const STATE_URL = '/__offline/state';

async function readState(): Promise<WorkerState> {
  const kept = await (await caches.open(CACHES.state)).match(STATE_URL);
  if (!kept) return { user: null, warmedAt: 0, releases: [] };
  return (await kept.json()) as WorkerState;
}

async function writeState(state: WorkerState): Promise<void> {
  await (await caches.open(CACHES.state)).put(STATE_URL, new Response(JSON.stringify(state)));
}

/** The release folders a page's HTML names. */
export function releasesNamed(html: string): string[] {
  return [...new Set(html.match(RELEASE_BASE) ?? [])];
}

/** Who a page names as signed in (its session script): a member's id, null for a visitor, undefined when it names no one. */
function pageOwner(html: string): string | null | undefined {
  const session = /<script id="ministry-session" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  if (!session) return undefined;
  try {
    const user = (JSON.parse(session) as { user?: { _id?: string } | null }).user;
    return user?._id ?? null;
  } catch {
    return undefined;
  }
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';

export function installOfflineKit(self: ServiceWorkerGlobalScope): void {
  let state: Promise<WorkerState> = readState();
  const queue = new Queue('ministry-writes', {
    maxRetentionTime: 7 * 24 * 60,
    onSync: async ({ queue: q }) => {
      await q.replayRequests();
      await tellPages({ type: 'sent' });
    },
  });

  self.addEventListener('install', () => void self.skipWaiting());
  self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

  async function tellPages(message: unknown): Promise<void> {
    for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
  }

  // Release files: by address, from the cache first (an address names one release's file for good).
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && RELEASE_FILE.test(url.pathname),
    new CacheFirst({
      cacheName: CACHES.releases,
      matchOptions: IGNORE_VARY,
      plugins: [new CacheableResponsePlugin({ statuses: [200] })],
    }),
  );

  // Photos and media: shown from the cache when there is no connection; sermon audio in byte ranges.
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      /^\/(media|icons)\//.test(url.pathname) &&
      request.destination !== 'audio' &&
      request.destination !== 'video',
    new StaleWhileRevalidate({
      cacheName: CACHES.media,
      matchOptions: IGNORE_VARY,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 86400, purgeOnQuotaError: true }),
      ],
    }),
  );
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      (request.destination === 'audio' || request.destination === 'video'),
    new CacheFirst({
      cacheName: CACHES.media,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new RangeRequestsPlugin()],
    }),
  );

  // The kit's personal answers: from the network; kept for their owner, used when the network fails.
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && PERSONAL_API.test(url.pathname),
    async ({ request }) => {
      const { user } = await state;
      try {
        const response = await fetch(request);
        if (response.ok && user) await (await caches.open(CACHES.personal)).put(request.url, response.clone());
        return response;
      } catch (error) {
        const kept = user ? await (await caches.open(CACHES.personal)).match(request.url, IGNORE_VARY) : undefined;
        if (kept) return kept;
        throw error;
      }
    },
  );

  // Other answers of the API: public ones kept as they come; `no-store` ones never.
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      url.pathname.startsWith('/api/') &&
      url.pathname !== '/api/user/me',
    new NetworkFirst({
      cacheName: CACHES.api,
      matchOptions: IGNORE_VARY,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        { cacheWillUpdate: async ({ response }) => (storable(response) ? response : null) },
        new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 86400, purgeOnQuotaError: true }),
      ],
    }),
  );

  // Writes that wait: sent at once when the network answers, else queued and the page told so.
  for (const pattern of QUEUED_WRITES) {
    registerRoute(
      ({ url }) => url.origin === self.location.origin && pattern.test(url.pathname),
      async ({ request }) => {
        const copy = request.clone();
        try {
          return await fetch(request);
        } catch {
          await queue.pushRequest({ request: copy });
          return Response.json({ error: { code: 'queued_offline', message: QUEUED_MESSAGE } }, { status: 503 });
        }
      },
      'POST',
    );
  }

  // Pages: the network first, always; a kept copy (or the offline page) only when it fails.
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
    async ({ request, url }) => {
      try {
        const response = await fetch(request);
        if (keepable(url, response)) await keepPage(url, response.clone(), (await state).user);
        return response;
      } catch {
        return (await keptPage(url)) ?? offlineAnswer();
      }
    },
  );

  setCatchHandler(async ({ request }) => (request.mode === 'navigate' ? offlineAnswer() : Response.error()));

  /** Where a page's copy is kept: a member's in their personal cache (it names them). */
  const pageCache = (user: string | null) => caches.open(user ? CACHES.personal : CACHES.pages);
  const pageKey = (url: URL) => `${url.origin}${url.pathname}${url.search}`;

  function keepable(url: URL, response: Response): boolean {
    return (
      response.ok &&
      storable(response) &&
      !NOT_KEPT.test(url.pathname) &&
      (response.headers.get('content-type') ?? '').includes('text/html')
    );
  }

  /** Keeps a page's copy: a visitor's in the shared cache, a member's in theirs (and only while they are the member here). */
  async function keepPage(url: URL, response: Response, user: string | null): Promise<void> {
    const html = await response.text();
    const owner = pageOwner(html);
    if (owner === undefined || (owner !== null && owner !== user)) return;
    const headers = new Headers(response.headers);
    headers.set('X-Offline-Releases', releasesNamed(html).join(' '));
    headers.set('X-Offline-Title', encodeURIComponent(titleOf(html)));
    headers.set('X-Offline-Kept', String(Date.now()));
    headers.delete('Content-Encoding');
    headers.delete('Content-Length');
    await (await pageCache(owner)).put(pageKey(url), new Response(html, { status: response.status, headers }));
  }

  async function keptPage(url: URL): Promise<Response | undefined> {
    const { user } = await state;
    return (await pageCache(user)).match(pageKey(url), IGNORE_VARY);
  }

  async function keptPages(): Promise<KeptPage[]> {
    const { user } = await state;
    const cache = await pageCache(user);
    const pages: KeptPage[] = [];
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/__offline/')) continue;
      const kept = await cache.match(request, IGNORE_VARY);
      const title = decodeURIComponent(kept?.headers.get('X-Offline-Title') ?? '') || url.pathname;
      pages.push({ path: `${url.pathname}${url.search}`, title });
    }
    return pages;
  }

  async function offlineAnswer(): Promise<Response> {
    return new Response(offlinePage(await keptPages()), {
      status: 503,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }

  /** Every file of the releases a page uses, kept; the releases nothing uses any more, dropped. */
  async function keepReleases(bases: string[]): Promise<void> {
    const cache = await caches.open(CACHES.releases);
    for (const base of bases) {
      const list = `${base}precache.json`;
      if (await cache.match(list, IGNORE_VARY)) continue;
      try {
        const answer = await fetch(list);
        if (!answer.ok) continue; // a release built before the lists: its files are kept as pages load them
        const { files } = (await answer.clone().json()) as { files: string[] };
        const missing: string[] = [];
        for (const file of files) if (!(await cache.match(base + file, IGNORE_VARY))) missing.push(base + file);
        await cache.addAll(missing);
        await cache.put(list, answer);
      } catch {
        // out of reach: tried again on the next page
      }
    }
    const used = new Set(bases);
    for (const name of [CACHES.pages, CACHES.personal]) {
      const pages = await caches.open(name);
      for (const request of await pages.keys()) {
        const kept = await pages.match(request, IGNORE_VARY);
        for (const base of (kept?.headers.get('X-Offline-Releases') ?? '').split(' ')) if (base) used.add(base);
      }
    }
    for (const request of await cache.keys()) {
      const base = releasesNamed(request.url)[0];
      if (base && ![...used].some((b) => new URL(b, self.location.origin).href === new URL(base, self.location.origin).href))
        await cache.delete(request);
    }
  }

  /** Fetches an answer of the API and keeps it (public: asked for without the session, so it is not `no-store`). */
  async function warmAnswer(path: string, personal: boolean): Promise<unknown> {
    const response = await fetch(path, { credentials: personal ? 'include' : 'omit', headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    if (personal || storable(response))
      await (
        await caches.open(personal ? CACHES.personal : CACHES.api)
      ).put(new URL(path, self.location.origin).href, response.clone());
    return response.json();
  }

  async function warmPage(path: string, user: string | null): Promise<void> {
    const url = new URL(path, self.location.origin);
    const response = await fetch(url.href, { credentials: 'include', headers: { Accept: 'text/html' } });
    if (keepable(url, response)) await keepPage(url, response, user);
  }

  /** The kit: the pages and answers a member needs on Sunday without a connection. */
  async function warmKit(user: string | null): Promise<void> {
    const pages = ['/', '/daily-devotion', '/events', '/live'];
    const devotionals = (await warmAnswer('/api/devotionals', false).catch(() => null)) as {
      data?: { slug: string; timestamp: number }[];
    } | null;
    const since = Date.now() - 8 * DAY_MS;
    for (const devotional of devotionals?.data ?? []) {
      if (devotional.timestamp * 1000 < since) continue;
      pages.push(`/devotional-detail/${encodeURIComponent(devotional.slug)}`);
      await warmAnswer(`/api/devotionals/${encodeURIComponent(devotional.slug)}`, false).catch(() => null);
    }
    const sermons = (await warmAnswer('/api/sermons?limit=1', false).catch(() => null)) as { data?: { slug: string }[] } | null;
    const latest = sermons?.data?.[0];
    if (latest) {
      pages.push(`/sermons/${encodeURIComponent(latest.slug)}`);
      await warmAnswer(`/api/sermons/${encodeURIComponent(latest.slug)}`, false).catch(() => null);
    }
    await Promise.all(
      ['/api/events', '/api/devotionals/tags', '/api/live'].map((path) => warmAnswer(path, false).catch(() => null)),
    );
    if (user) pages.push('/my-tickets');
    for (const page of pages) await warmPage(page, user).catch(() => null);
  }

  /** Forgets what was kept for a member (their pages, their tickets, their waiting writes). */
  async function forgetMember(): Promise<void> {
    await caches.delete(CACHES.personal);
    while (await queue.shiftRequest()) {
      // dropped: sent with the next member's session they would be that member's
    }
  }

  async function onPage(message: PageMessage, client: Client | null): Promise<void> {
    const before = await state;
    const next: WorkerState = { ...before, user: message.user, releases: message.releases };
    const memberChanged = before.user !== message.user;
    if (memberChanged) await forgetMember();
    state = Promise.resolve(next);
    await writeState(next);
    await keepReleases(message.releases);
    const releasesChanged = before.releases.join(' ') !== message.releases.join(' ');
    if (memberChanged || releasesChanged || Date.now() - before.warmedAt > WARM_EVERY_MS) {
      await warmKit(message.user);
      next.warmedAt = Date.now();
      await writeState(next);
    }
    // The member's tickets, at every page (one bought a minute ago is at the door too).
    if (message.user) await warmAnswer('/api/payment/my-bookings', true).catch(() => null);
    await queue.replayRequests().then(
      () => tellPages({ type: 'sent' }),
      () => undefined,
    );
    client?.postMessage({ type: 'offline-ready' });
  }

  let chain: Promise<void> = Promise.resolve();
  self.addEventListener('message', (event) => {
    const data = event.data as { type?: string } | null;
    const client = event.source && 'id' in event.source ? (event.source as Client) : null;
    if (data?.type === 'page') {
      const message = data as PageMessage;
      if (!Array.isArray(message.releases) || !message.releases.every((r) => typeof r === 'string')) return;
      chain = chain.then(() => onPage(message, client)).catch(() => undefined);
      event.waitUntil(chain);
    } else if (data?.type === 'replay') {
      chain = chain.then(() => queue.replayRequests().then(() => tellPages({ type: 'sent' }))).catch(() => undefined);
      event.waitUntil(chain);
    }
  });
}

/** Whether an answer may be kept: never one marked `no-store` (nor a private one). */
function storable(response: Response): boolean {
  const control = (response.headers.get('Cache-Control') ?? '').toLowerCase();
  return !control.includes('no-store');
}
