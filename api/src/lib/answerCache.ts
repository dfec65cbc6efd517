/**
 * Public lists (devotionals, events, news, press, locations) are read far
 * more often than they change, so their serialized answers are kept for a
 * short time: a busy page costs one query per list per interval, not one
 * per visitor. Concurrent misses share one query. Each API process keeps
 * its own copy; a change clears the answers it affects in every process at
 * once when several run (`broadcast`, through Redis), and the short
 * lifetimes bound how stale an answer can be anyway (seats are always
 * checked against the database at checkout).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { pickEncoding } from './encoding.js';
import type { AnswerKey, DataTopic } from './topics.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const LIST_TTL = { content: 30_000, events: 1_000 } as const;

interface Entry {
  body: Promise<Buffer>;
  /** Compressed once, on the first request that accepts each encoding. */
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
  expires: number;
}

/**
 * What `build` returns for an answer that must not be served past a moment
 * (a scheduled devotional becomes due then): its entry expires at the
 * earlier of its lifetime and `validForMs` from now.
 */
export class ExpiringAnswer {
  constructor(
    readonly payload: unknown,
    readonly validForMs: number | null,
  ) {}
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** Tells the other processes what to clear (set when several run). */
  broadcast: ((prefix: string) => void) | null = null;
  /** Also told of every clear: in this process (any process's change), and once (this process's change). */
  readonly onClearHere: ((prefix: string) => void)[] = [];
  readonly onClear: ((prefix: string) => void)[] = [];

  /** The cached body for `key`, or `build()` serialized with the route's response schema. */
  async send(reply: FastifyReply, key: AnswerKey, ttlMs: number, build: () => Promise<unknown>): Promise<FastifyReply> {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expires <= now) {
      const fresh: Entry = { body: Promise.resolve(Buffer.alloc(0)), encoded: {}, expires: now + ttlMs };
      const body = build().then((result) => {
        if (!(result instanceof ExpiringAnswer)) return Buffer.from(reply.serialize(result) as string);
        if (result.validForMs !== null) fresh.expires = Math.min(fresh.expires, Date.now() + result.validForMs);
        return Buffer.from(reply.serialize(result.payload) as string);
      });
      fresh.body = body;
      entry = fresh;
      this.entries.set(key, entry);
      body.catch(() => this.entries.delete(key)); // a failed query is not remembered
      if (this.entries.size > 500) this.entries.delete(this.entries.keys().next().value!);
    }
    reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
    const body = await entry.body;
    const encoding = body.length >= 1024 ? pickEncoding(reply.request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(body);
    const current = entry;
    current.encoded[encoding] ??=
      encoding === 'br'
        ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzipAsync(body, { level: 9 });
    return reply.header('content-encoding', encoding).send(await current.encoded[encoding]);
  }

  /** Drops every answer of `topic` (all when omitted), and the pages that show it, here and in every other process. */
  clear(topic: DataTopic | '' = ''): void {
    const prefix: string = topic;
    this.clearHere(prefix);
    for (const listener of this.onClear) listener(prefix);
    this.broadcast?.(prefix);
  }

  /** Drops them in this process only (what another process asked for). */
  clearHere(prefix = ''): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const listener of this.onClearHere) listener(prefix);
  }
}
