/**
 * Request hygiene for the API: unsafe methods need an allowed Origin (when the
 * browser sends one) and a JSON or multipart body; every answer carries
 * security headers.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { HttpError } from '../lib/errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths that receive requests from other servers (payment webhooks), not browsers. */
export const ORIGIN_EXEMPT = [/^\/api\/payment\/webhook$/];

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://translate.google.com https://translate.googleapis.com https://translate-pa.googleapis.com",
  "style-src 'self' 'unsafe-inline' https://www.gstatic.com https://translate.googleapis.com",
  "img-src 'self' data: blob: https://www.gstatic.com https://translate.google.com https://translate.googleapis.com",
  "font-src 'self' data:",
  "connect-src 'self' https://translate.googleapis.com https://translate-pa.googleapis.com",
  "frame-src 'self' https://translate.google.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self' https://checkout.stripe.com",
  "object-src 'none'",
].join('; ');

export function registerSecurity(app: FastifyInstance, config: AppConfig): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0];
    if (ORIGIN_EXEMPT.some((re) => re.test(path))) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const host = request.headers.host;
      const own = host && (origin === `http://${host}` || origin === `https://${host}`);
      if (!own && !config.allowedOrigins.includes(origin)) {
        throw new HttpError(403, 'forbidden_origin', 'This request came from a site that is not allowed.');
      }
    }
  });

  app.addHook('preValidation', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const length = Number(request.headers['content-length'] ?? 0);
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (!length && !chunked) return;
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    if (!type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      throw new HttpError(415, 'unsupported_media_type', 'Send JSON (or a form with a file where one is expected).');
    }
  });

  // PostgreSQL text cannot hold NUL: a NUL anywhere in what a client sends is refused up front.
  app.addHook('preHandler', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw new HttpError(400, 'bad_request', 'The request contains a character that is not allowed.');
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (!request.url.startsWith('/api/')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  });
}

/** Whether a string anywhere in `value` (objects and arrays, a few levels deep) contains U+0000. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNul(v, depth + 1));
}
