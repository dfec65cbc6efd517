/**
 * Compresses the answers built in memory (API JSON, the pages' HTML) for
 * clients that accept it: brotli at a fast quality, else gzip. Static files
 * are not touched here: they are sent precompressed by @fastify/static.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from '../lib/encoding.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /^(application\/(json|javascript|xml|rss\+xml)|text\/|image\/svg\+xml)/i;
/** Below this, compression saves less than it costs. */
const MIN_BYTES = 1024;

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (!/accept-encoding|\*/i.test(current)) reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

export function registerCompression(app: FastifyInstance): void {
  // A callback hook, not an async one: most answers leave at once, and the
  // API's throughput pays for every promise on the way.
  app.addHook(
    'onSend',
    (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, value?: unknown) => void) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (reply.getHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return done(null, payload);
      if (payload.length < MIN_BYTES || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? '')))
        return done(null, payload);
      addVary(reply);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return done(null, payload);
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const compressed =
        encoding === 'br'
          ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
          : gzipAsync(body, { level: 6 });
      compressed.then(
        (result) => {
          reply.header('content-encoding', encoding);
          reply.removeHeader('content-length');
          done(null, result);
        },
        (error: Error) => done(error),
      );
    },
  );
}
