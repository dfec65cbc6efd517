/**
 * Rendered pages, kept. A public page for visitors who are not signed in is
 * rendered once, then served from memory as bytes (compressed once, with an
 * ETag) until what it shows changes:
 * - its data: each page says what it shows (its manifest's `data`: topics
 *   such as `events`, `devotionals`), and a change clears that topic (the
 *   answer caches' `clear`, in every process);
 * - the day, on the site's clock (today's devotional), and the moment the
 *   next scheduled item becomes due;
 * - a release of any app (the key holds the live releases).
 * When several processes run, rendered pages are shared through Redis: a
 * page one process rendered is served by all, and a topic's generation
 * number there says whether it is still good.
 *
 * While a page is being rendered again, other visitors get the copy before
 * it at once (stale-while-revalidate); only the visitor whose request
 * started the render waits for it.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RedisLink } from '../lib/redis.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CachedPage {
  status: number;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** The topics it shows, and each one's generation when it was rendered. */
  topics: string[];
  generations: number[];
  /** The site's day it was rendered on. */
  day: string;
  /** When it must be rendered again at the latest (a scheduled item due, or its longest life). */
  until: number;
}

export interface PageLookup {
  page: CachedPage | null;
  /** False: the copy is out of date (render again; serve it meanwhile only while another render runs). */
  fresh: boolean;
}

/** A page that says nothing of its data is rendered again after this long. */
export const UNTAGGED_PAGE_MS = 60_000;
/** Even a page whose data never changes is rendered again after this long. */
export const LONGEST_PAGE_MS = 30 * 60_000;
const MEMORY_BYTES = 64 * 1024 * 1024;

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  private readonly generations = new Map<string, number>();
  private readonly renders = new Map<string, Promise<CachedPage | null>>();

  constructor(
    private readonly redis: RedisLink | null,
    private readonly today: () => string,
  ) {}

  private generationHere(topic: string): number {
    return this.generations.get(topic) ?? 0;
  }

  /** The topics' generations now: in Redis when several processes run. */
  private async currentGenerations(topics: string[]): Promise<number[]> {
    if (!this.redis || !topics.length) return topics.map((t) => this.generationHere(t));
    const values = await this.redis.client.mget(topics.map((t) => `${this.redis!.prefix}page-topic:${t}`));
    return values.map((v) => Number(v ?? 0));
  }

  private isFresh(page: CachedPage, generations: number[]): boolean {
    return page.day === this.today() && Date.now() < page.until && page.generations.every((g, i) => g === generations[i]);
  }

  async get(key: string): Promise<PageLookup> {
    let page = this.entries.get(key) ?? null;
    if (!page && this.redis) {
      const stored = await this.redis.client.getBuffer(`${this.redis.prefix}page:${key}`);
      if (stored) {
        page = decode(stored);
        if (page) this.remember(key, page);
      }
    }
    if (!page) return { page: null, fresh: false };
    return { page, fresh: this.isFresh(page, await this.currentGenerations(page.topics)) };
  }

  /** The render under way for `key`, if another request started one. */
  rendering(key: string): Promise<CachedPage | null> | undefined {
    return this.renders.get(key);
  }

  /**
   * Renders the page once (concurrent requests for it share the render) and
   * keeps it when `render` answers one; `dueAt` is when it must be rendered
   * again at the latest.
   */
  async render(
    key: string,
    topics: string[],
    render: () => Promise<{ status: number; html: string; dueAt: number | null; life?: 'short' } | null>,
  ): Promise<CachedPage | null> {
    const running = this.renders.get(key);
    if (running) return running;
    const started = (async () => {
      // Read before rendering: a change during the render leaves the page out of date, never the reverse.
      // Its topics are known from now on, so a clear during its first render counts too.
      for (const topic of topics) if (!this.generations.has(topic)) this.generations.set(topic, 0);
      const generations = await this.currentGenerations(topics);
      const day = this.today();
      const rendered = await render();
      if (!rendered) return null;
      const html = Buffer.from(rendered.html);
      const [br, gz] = await Promise.all([
        brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
        gzipAsync(html, { level: 9 }),
      ]);
      // A page that says what it shows lives until that changes (at most LONGEST_PAGE_MS); one that does not, briefly.
      const life = rendered.life === 'short' ? UNTAGGED_PAGE_MS : LONGEST_PAGE_MS;
      const page: CachedPage = {
        status: rendered.status,
        html,
        br,
        gzip: gz,
        etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
        topics,
        generations,
        day,
        until: Math.min(Date.now() + life, rendered.dueAt ?? Infinity),
      };
      this.remember(key, page);
      if (this.redis) {
        await this.redis.client
          .set(`${this.redis.prefix}page:${key}`, encode(page), 'PX', Math.max(1000, page.until - Date.now()))
          .catch(() => undefined);
      }
      return page;
    })().finally(() => this.renders.delete(key));
    this.renders.set(key, started);
    return started;
  }

  private remember(key: string, page: CachedPage): void {
    const before = this.entries.get(key);
    if (before) this.bytes -= size(before);
    this.entries.delete(key);
    this.entries.set(key, page);
    this.bytes += size(page);
    // The oldest go first when the pages take too much memory.
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= MEMORY_BYTES) break;
      this.entries.delete(oldKey);
      this.bytes -= size(old);
    }
  }

  /**
   * What shows `prefix` (a topic, or the start of one: '' is everything) is
   * out of date, in this process. Called for every clear, whichever process
   * made the change.
   */
  invalidateHere(prefix: string): void {
    // The copies stay, out of date: served only while a render of them runs.
    for (const topic of this.topicsMatching(prefix)) this.generations.set(topic, this.generationHere(topic) + 1);
  }

  /** The same, for every process: called once, by the process that made the change. */
  async invalidateEverywhere(prefix: string, knownTopics: readonly string[]): Promise<void> {
    if (!this.redis) return;
    const topics = knownTopics.filter((t) => matches(t, prefix));
    await Promise.all(topics.map((t) => this.redis!.client.incr(`${this.redis!.prefix}page-topic:${t}`))).catch(() => undefined);
  }

  private topicsMatching(prefix: string): string[] {
    const topics = new Set<string>(this.generations.keys());
    for (const page of this.entries.values()) for (const t of page.topics) topics.add(t);
    return [...topics].filter((t) => matches(t, prefix));
  }
}

/** Whether a change to `prefix` touches `topic` ('devotionals' touches 'devotionals'; 'devotionals-tag:faith' too). */
export const matches = (topic: string, prefix: string): boolean => topic.startsWith(prefix) || prefix.startsWith(topic);

const size = (page: CachedPage): number => page.html.length + page.br.length + page.gzip.length;

function encode(page: CachedPage): Buffer {
  const head = Buffer.from(
    JSON.stringify({
      status: page.status,
      etag: page.etag,
      topics: page.topics,
      generations: page.generations,
      day: page.day,
      until: page.until,
      sizes: [page.html.length, page.br.length, page.gzip.length],
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, page.html, page.br, page.gzip]);
}

function decode(stored: Buffer): CachedPage | null {
  try {
    const headLength = stored.readUInt32BE(0);
    const head = JSON.parse(stored.subarray(4, 4 + headLength).toString()) as Omit<CachedPage, 'html' | 'br' | 'gzip'> & {
      sizes: number[];
    };
    let at = 4 + headLength;
    const take = (n: number) => stored.subarray(at, (at += n));
    const [html, br, gz] = head.sizes.map(take);
    return {
      status: head.status,
      etag: head.etag,
      topics: head.topics,
      generations: head.generations,
      day: head.day,
      until: head.until,
      html: html!,
      br: br!,
      gzip: gz!,
    };
  } catch {
    return null;
  }
}
