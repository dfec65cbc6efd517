/**
 * Request hygiene for the API: unsafe methods need an allowed Origin (the
 * site's own host or ALLOWED_ORIGINS; browsers send one on every such request,
 * so a request without one, or with `Origin: null`, is refused) and a JSON or
 * multipart body; every answer carries security headers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { HttpError } from '../lib/errors.js';
import { settleSchemaCheck } from '../lib/validate.js';
import { SESSION_COOKIE } from './session.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Paths that receive requests from other servers, not from the site's pages:
 * payment webhooks, and the newsletter's one-click unsubscribe (RFC 8058),
 * which mail apps post with no Origin and a form body.
 */
export const ORIGIN_EXEMPT = [/^\/api\/payment\/webhook$/, /^\/api\/newsletter\/unsubscribe\/:token$/];
/** Paths that take a form (application/x-www-form-urlencoded) body. */
const FORM_BODY = [/^\/api\/newsletter\/unsubscribe\/:token$/];

/**
 * The pages' Content-Security-Policy. `remoteOrigins` are the origins that
 * serve remotes' releases (REMOTE_<NAME> addresses): their scripts, styles,
 * fonts, images and manifests are allowed too; `media` the origins sermon
 * recordings play from (mediaOrigins).
 */
export function contentSecurityPolicy(remoteOrigins: readonly string[] = [], media: readonly string[] = []): string {
  const remotes = remoteOrigins.map((origin) => ` ${origin}`).join('');
  const mediaFrom = media.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${remotes} https://translate.google.com https://translate.googleapis.com https://translate-pa.googleapis.com`,
    `style-src 'self' 'unsafe-inline'${remotes} https://www.gstatic.com https://translate.googleapis.com`,
    `img-src 'self' data: blob:${remotes} https://www.gstatic.com https://translate.google.com https://translate.googleapis.com`,
    `font-src 'self' data:${remotes}`,
    `connect-src 'self'${remotes} https://translate.googleapis.com https://translate-pa.googleapis.com`,
    `media-src 'self' blob:${mediaFrom}`,
    // Sermon videos and live streams, privacy-enhanced, loaded only when the visitor presses play.
    "frame-src 'self' https://translate.google.com https://www.openstreetmap.org https://www.youtube-nocookie.com https://player.vimeo.com https://vimeo.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https://checkout.stripe.com",
    "object-src 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Where sermon audio and video play from besides the site: the bucket, when
 * uploads are kept in one (visitors are sent to its signed addresses).
 */
export function mediaOrigins(config: Pick<AppConfig, 's3'>): string[] {
  if (!config.s3) return [];
  if (config.s3.endpoint) return [new URL(config.s3.endpoint).origin];
  return [`https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`];
}

/** Whether `origin` is the site's own (the request's Host) or one of ALLOWED_ORIGINS. */
export function isAllowedOrigin(origin: string, host: string | undefined, allowedOrigins: readonly string[]): boolean {
  const own = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
  return own || allowedOrigins.includes(origin);
}

/**
 * The path a request is routed by: the route Fastify matched (`/api/user/login`
 * for `/%61pi/user/login`), else the decoded path. Checks act on this, never
 * on the raw URL, so an encoded path cannot slip past them.
 */
export function routedPath(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched) return matched;
  const raw = request.url.split('?')[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const isApi = (request: FastifyRequest) => routedPath(request).startsWith('/api/');

/** The headers every answer carries, as [name, value] pairs (lowercase names, as Fastify writes them). */
const EVERY_ANSWER: readonly (readonly [string, string])[] = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-frame-options', 'DENY'],
  ['cross-origin-opener-policy', 'same-origin'],
];
const HSTS = ['strict-transport-security', 'max-age=31536000; includeSubDomains'] as const;

/** Whether answers to `request` carry Strict-Transport-Security. */
export const wantsHsts = (config: Pick<AppConfig, 'secureCookies'>, request: FastifyRequest): boolean =>
  config.secureCookies || request.protocol === 'https';

/**
 * The security headers of an answer, for one prepared once and written
 * as it is (a kept page): those every answer carries, and HSTS when asked.
 */
export function securityHeaders(hsts: boolean): [string, string][] {
  return [...EVERY_ANSWER, ...(hsts ? [HSTS] : [])].map(([name, value]) => [name, value]);
}

/*
 * The hooks are callback-style, not async: every request passes them, and
 * most have nothing to do (no promise per hook and request).
 */
export function registerSecurity(app: FastifyInstance, config: AppConfig): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE.has(request.method) || !isApi(request)) return done();
    if (ORIGIN_EXEMPT.some((re) => re.test(routedPath(request)))) return done();
    const origin = request.headers.origin;
    if (origin === undefined || origin === '' || origin === 'null') {
      return done(new HttpError(403, 'forbidden_origin', 'This request did not say which site it came from.'));
    }
    if (!isAllowedOrigin(origin, request.headers.host, config.allowedOrigins)) {
      return done(new HttpError(403, 'forbidden_origin', 'This request came from a site that is not allowed.'));
    }
    done();
  });

  app.addHook('preValidation', (request, _reply, done) => {
    if (!UNSAFE.has(request.method) || !isApi(request)) return done();
    const length = Number(request.headers['content-length'] ?? 0);
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (!length && !chunked) return done();
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    const form = type.startsWith('application/x-www-form-urlencoded') && FORM_BODY.some((re) => re.test(routedPath(request)));
    if (!type.startsWith('application/json') && !type.startsWith('multipart/form-data') && !form) {
      return done(new HttpError(415, 'unsupported_media_type', 'Send JSON (or a form with a file where one is expected).'));
    }
    done();
  });

  // PostgreSQL text cannot hold NUL: a NUL anywhere in what a client sends is refused up front.
  // Nor can a number be infinite ("1e309", "Infinity" pass a schema's integer once coerced).
  app.addHook('preHandler', (request, _reply, done) => {
    // First, as on a route without `checkedBody`: the body as sent, and a path's or whole body's schema error.
    const schemaError = settleSchemaCheck(request);
    if (schemaError) return done(schemaError);
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      return done(new HttpError(400, 'bad_request', 'The request contains a character that is not allowed.'));
    }
    const infinite = [request.params, request.query, request.body].map(infiniteNumberAt).find((key) => key !== undefined);
    if (infinite !== undefined) {
      return done(
        new HttpError(400, 'bad_request', `The ${infinite} must be a finite number.`, { [infinite]: 'Must be a finite number' }),
      );
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of EVERY_ANSWER) reply.header(name, value);
    // Pages set their own (it names the origins remotes are served from).
    if (!isApi(request) && !reply.hasHeader('content-security-policy'))
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (wantsHsts(config, request)) reply.header(HSTS[0], HSTS[1]);
    // Answers about a signed-in member are theirs alone: no cache keeps them.
    if (isApi(request) && (request.sessionUser || request.cookies?.[SESSION_COOKIE])) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

/** The key of the first infinite number (or NaN) among `value`'s own entries, if any. */
function infiniteNumberAt(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'number' && !Number.isFinite(v)) return key;
    const inner = infiniteNumberAt(v);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** Whether a string anywhere in `value` (objects and arrays, a few levels deep) contains U+0000. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNul(v, depth + 1));
}
