/**
 * The front of the server for kept pages. A visitor's kept page is the same
 * bytes and headers for every visitor (pageCache.ts, and the prepared answer
 * in index.ts); once the site has sent it to one, the front answers the next
 * visitors asking for it from the HTTP server's request event, before
 * Fastify: no routing, hooks, cookies or awaits, as fast as the runtime
 * writes a buffer.
 *
 * It takes only a request that would get exactly those bytes anyway: a GET
 * of a page (asking for HTML), with no cookie that says whose page it is (a
 * session, a canary opt-in, a release check's preview) and no preview
 * header, no If-None-Match (Fastify answers the 304), no forwarded protocol
 * to interpret, while no canary runs and the live releases are those the
 * page was sent with. Everything else goes to Fastify as before.
 *
 * A page leaves the front when a topic it shows is cleared (by a change in
 * any process), when the site's day is no longer the one it was rendered on,
 * when its life ends, and when the live releases change (checked once per
 * turn of the event loop).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { pageAddress } from '@ministry/shared/config';
import { pickEncoding } from '../lib/encoding.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import { matches, type CachedPage } from './pageCache.js';
import { guessViewport } from './prerender.js';
import { CANARY_OPT_IN_COOKIE, PREVIEW_COOKIE } from './releaseCookies.js';
import type { SiteSnapshot } from './releases.js';

/** An answer written as it is: its status, its headers as [name, value, …], its body. */
export interface PreparedAnswer {
  headers: string[];
  body: Buffer;
}

/** Answers the request and returns true, or returns false and leaves it to Fastify. */
export type FrontHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

interface Entry {
  page: CachedPage;
  answer: PreparedAnswer;
  snapshot: SiteSnapshot;
}

/** Paths that are never pages: a miss there is a 404, not the shell. */
export const NOT_PAGES = /^\/(api|media|remotes|shell|pay)(\/|$)|\.[a-z0-9]{2,5}$/i;
/** A cookie that makes the page someone's own or a preview. */
const PERSONAL_COOKIE = new RegExp(`(?:^|[;\\s])(?:${[SESSION_COOKIE, CANARY_OPT_IN_COOKIE, PREVIEW_COOKIE].join('|')})=`);
/** Enough for every public page in each viewport and encoding; the oldest leave first. */
const MAX_ENTRIES = 256;

export interface PageFrontOptions {
  /** The live releases with no choice made (no canary bucket, no preview). */
  liveSnapshot: () => SiteSnapshot;
  canaryRuns: () => boolean;
  /** The site's day now (a kept page is good on the day it was rendered on). */
  today: () => string;
  /** Whether answers carry Strict-Transport-Security whatever the request (SECURE_COOKIES). */
  alwaysHsts: boolean;
  log: FastifyBaseLogger;
  /** Whether each page sent is logged (as Fastify logs requests at the info level). */
  logPages: boolean;
}

export class PageFront {
  private readonly entries = new Map<string, Entry>();
  /** Counts the clears: a page looked up before one may not be kept after it. */
  private clears = 0;
  private live: { snapshot: SiteSnapshot; quiet: boolean } | null = null;
  private open = true;
  /** Pages this process's front has sent. */
  sent = 0;
  private waiting: { request: IncomingMessage; response: ServerResponse; entry: Entry }[] = [];

  constructor(private readonly options: PageFrontOptions) {}

  /** A mark to hand to `keep`: taken before the page was looked up. */
  get mark(): number {
    return this.clears;
  }

  /** The live releases and whether a canary runs, read once per turn of the event loop. */
  private liveNow() {
    if (!this.live) {
      this.live = { snapshot: this.options.liveSnapshot(), quiet: !this.options.canaryRuns() };
      setImmediate(() => (this.live = null));
    }
    return this.live;
  }

  /** The entry's key for a request, or null when the front must leave the request to Fastify. */
  private keyOf(method: string | undefined, url: string, headers: IncomingHttpHeaders, encrypted: boolean): string | null {
    if (method !== 'GET') return null;
    const at = url.indexOf('?');
    if (NOT_PAGES.test(at < 0 ? url : url.slice(0, at))) return null;
    const accept = headers.accept ?? '*/*';
    if (!accept.includes('text/html') && !accept.includes('*/*')) return null;
    if (headers['if-none-match'] !== undefined || headers['x-release-preview'] !== undefined) return null;
    if (headers.cookie !== undefined && PERSONAL_COOKIE.test(headers.cookie)) return null;
    // Whether the answer carries HSTS would depend on the proxy's word: Fastify reads it.
    if (!this.options.alwaysHsts && headers['x-forwarded-proto'] !== undefined) return null;
    const hsts = this.options.alwaysHsts || encrypted;
    const encoding = pickEncoding(headers['accept-encoding']) ?? '';
    return `${headers.host ?? ''}|${guessViewport(headers)}|${encoding}|${hsts ? 1 : 0}|${pageAddress(url)}`;
  }

  /** The server's request listener runs this first. */
  readonly handle: FrontHandler = (request, response) => {
    if (!this.open || !this.entries.size) return false;
    const key = this.keyOf(request.method, request.url ?? '/', request.headers, (request.socket as TLSSocket).encrypted === true);
    const entry = key === null ? undefined : this.entries.get(key);
    if (!entry) return false;
    const live = this.liveNow();
    const { page } = entry;
    if (!live.quiet || live.snapshot !== entry.snapshot || Date.now() >= page.until || page.day !== this.options.today()) {
      this.entries.delete(key!);
      return false;
    }
    this.waiting.push({ request, response, entry });
    if (this.waiting.length === 1) setImmediate(this.sendWaiting);
    return true;
  };

  /**
   * Pages asked for during a turn of the event loop go out together once
   * the API requests that arrived with them were taken up (the API first,
   * as pageTurns.ts does for the site's pages): a crowd of page requests
   * does not hold up a member's call that came in the same moment.
   */
  private readonly sendWaiting = () => {
    const waiting = this.waiting;
    this.waiting = [];
    for (const { request, response, entry } of waiting) {
      if (response.destroyed) continue;
      response.writeHead(entry.page.status, entry.answer.headers);
      response.end(entry.answer.body);
      this.sent++;
      if (this.options.logPages)
        this.options.log.info({ method: request.method, url: request.url, statusCode: entry.page.status }, 'kept page sent');
    }
  };

  /**
   * The site has just sent `answer` (a kept, fresh page, the same for every
   * visitor) to a request the front could take: it takes the next ones.
   * `mark` is `this.mark` before the page was looked up.
   */
  keep(
    request: { method: string; url: string; headers: IncomingHttpHeaders; encrypted: boolean },
    mark: number,
    snapshot: SiteSnapshot,
    page: CachedPage,
    answer: PreparedAnswer,
  ): void {
    if (!this.open || mark !== this.clears) return;
    const live = this.liveNow();
    if (!live.quiet || live.snapshot !== snapshot) return;
    const key = this.keyOf(request.method, request.url, request.headers, request.encrypted);
    if (key === null) return;
    this.entries.delete(key);
    this.entries.set(key, { page, answer, snapshot });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /** A change to `prefix` (a topic or the start of one; '' is everything): the pages showing it leave. */
  forget(prefix: string): void {
    this.clears++;
    for (const [key, entry] of this.entries) if (entry.page.topics.some((t) => matches(t, prefix))) this.entries.delete(key);
  }

  /** The server is closing: every request goes to Fastify, which answers it as a closing server does. */
  close(): void {
    this.open = false;
    this.entries.clear();
  }
}
