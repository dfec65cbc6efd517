/**
 * The limits on what one person may do (config.ts, LIMITS), counted per
 * account, per device, per e-mail address, per target and, as a last line
 * sized for a congregation behind one church Wi-Fi, per network address.
 *
 * A device is a long-lived random cookie (`device`), given the first time a
 * limited call is made without one. Someone who throws cookies away is a new
 * device every time: the per-address line still holds them, and what they
 * aim at (an inbox, an account, a post) has its own limit.
 *
 * Counts live where the failure counters do (lib/attempts.ts: in memory, or
 * Redis across processes) and follow the site's clock.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { LimitName } from '../config.js';
import type { FailureCounter } from './attempts.js';
import { HttpError } from './errors.js';

export const DEVICE_COOKIE = 'device';
const DEVICE_DAYS = 365;
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
export const REACTIONS_USED = 'You are going a little fast. Please wait a few minutes and try again.';

/** The counters of each limit, made once per app. */
export type LimitCounters = (name: LimitName) => FailureCounter;

export function createLimitCounters(app: FastifyInstance): LimitCounters {
  const made = new Map<LimitName, FailureCounter>();
  return (name) => {
    let counter = made.get(name);
    if (!counter) {
      const { max, windowMs } = app.config.limits[name];
      counter = app.failureCounters(`limit-${name}`, max, windowMs);
      made.set(name, counter);
    }
    return counter;
  };
}

const minted = new WeakMap<FastifyRequest, string>();

/**
 * The request's device: its `device` cookie, or (with `reply`) a new one,
 * set on the answer. Without a reply and without a cookie: undefined.
 */
export function deviceOf(request: FastifyRequest, reply?: FastifyReply): string | undefined {
  const sent = request.cookies?.[DEVICE_COOKIE];
  if (sent && DEVICE_TOKEN.test(sent)) return sent;
  const already = minted.get(request);
  if (already || !reply) return already;
  const token = randomBytes(32).toString('base64url');
  minted.set(request, token);
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.secureCookies,
    maxAge: DEVICE_DAYS * 86_400,
  });
  return token;
}

/** What a limit counts by: the network address, the device, the signed-in account. */
export const byAddress = (request: FastifyRequest): string => request.ip;
export const byDevice = (request: FastifyRequest, reply: FastifyReply): string | undefined => deviceOf(request, reply);
export const byAccount = (request: FastifyRequest): string | undefined => request.sessionUser?.id;

export type LimitKey = (request: FastifyRequest, reply: FastifyReply) => string | undefined;

/**
 * Whether any of `checks` is used up for this request; when none is, one
 * use is counted on each. Answers the limit that refused, if one did.
 */
export async function take(
  app: FastifyInstance,
  checks: readonly (readonly [LimitName, string | undefined])[],
): Promise<LimitName | undefined> {
  const present = checks.filter((c): c is readonly [LimitName, string] => c[1] !== undefined);
  for (const [name, key] of present) if (await app.limits(name).isBlocked(key)) return name;
  await Promise.all(present.map(([name, key]) => app.limits(name).fail(key)));
  return undefined;
}

/**
 * A preHandler that counts each call against `checks` (a limit and what it
 * counts by) and answers 429 with `message` once one is used up.
 */
export function limitedBy(
  checks: readonly (readonly [LimitName, LimitKey])[],
  message: string = TOO_MANY,
): preHandlerAsyncHookHandler {
  return async function (request, reply) {
    const refused = await take(
      this,
      checks.map(([name, key]) => [name, key(request, reply)] as const),
    );
    if (refused) throw new HttpError(429, 'too_many_requests', message);
  };
}
