/**
 * Public lists (devotionals, events, news, press, locations) are read far
 * more often than they change, so their serialized answers are kept for a
 * short time: a busy page costs one query per list per interval, not one
 * per visitor. Concurrent misses share one query. Each API process keeps
 * its own copy; the short lifetimes bound how stale another process can be
 * (seats are always checked against the database at checkout).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { pickEncoding } from '../plugins/compression.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const LIST_TTL = { content: 30_000, events: 1_000 } as const;

interface Entry {
  body: Promise<Buffer>;
  /** Compressed once, on the first request that accepts each encoding. */
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
  expires: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();

  /** The cached body for `key`, or `build()` serialized with the route's response schema. */
  async send(reply: FastifyReply, key: string, ttlMs: number, build: () => Promise<unknown>): Promise<FastifyReply> {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expires <= now) {
      const body = build().then((payload) => Buffer.from(reply.serialize(payload) as string));
      entry = { body, encoded: {}, expires: now + ttlMs };
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

  /** Drops every answer whose key starts with `prefix` (all when omitted). */
  clear(prefix = ''): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
