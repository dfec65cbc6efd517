/**
 * Sessions: a random 256-bit token in an HttpOnly, SameSite=Lax cookie,
 * stored server-side only as its SHA-256. New on every login, deleted on
 * logout. "Keep me logged in" makes the cookie persistent (30 days);
 * otherwise it is a browser-session cookie and the server forgets it after
 * 12 hours. The `token` the client keeps in localStorage is never trusted.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.js';
import type { SessionUser } from '../lib/sessionUser.js';
import { hasRole } from '@ministry/shared/config';
import type { Role } from '../db/schema.js';
import { forbidden, HttpError, unauthorized } from '../lib/errors.js';

export const SESSION_COOKIE = 'sid';
const PERSISTENT_DAYS = 30;
const BROWSER_SESSION_HOURS = 12;
/** How often a session's "last seen" is written. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The stored form of the request's session cookie (what `sessions.token_hash` holds), if it sends one. */
export function sessionHashOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token ? hashToken(token) : undefined;
}

/** The live session's member for a cookie's token, or null (unknown, expired, or the account disabled). */
export async function findSessionUser(db: Kysely<Database>, token: string): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.role',
      'users.email',
      'users.firstname',
      'users.lastname',
      'users.email_verified_at',
      'sessions.last_seen_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', new Date())
    // A disabled account's sessions end at once.
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const { email_verified_at: verifiedAt, last_seen_at: lastSeen, ...user } = row;
  // "Last seen" to within a few minutes: one write per session every so often, not one per request.
  const now = Date.now();
  if (!lastSeen || now - new Date(lastSeen).getTime() > LAST_SEEN_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { ...user, verified: verifiedAt !== null };
}

/** Reads the session cookie of API and payment requests into `request.sessionUser`. */
export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('sessionUser', null);
  // Callback-style: most requests carry no session and pay nothing here.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !(request.url.startsWith('/api/') || request.url.startsWith('/pay/'))) return done();
    findSessionUser(app.db, token).then(
      (user) => {
        request.sessionUser = user;
        done();
      },
      (error: Error) => done(error),
    );
  });
}

/** Starts a new session for `userId` and sets its cookie. */
export async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
  persistent: boolean,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const lifetimeMs = persistent ? PERSISTENT_DAYS * 86_400_000 : BROWSER_SESSION_HOURS * 3_600_000;
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await app.db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
  await app.db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      persistent,
      expires_at: expiresAt,
      user_agent: reply.request.headers['user-agent']?.slice(0, 400) ?? null,
      last_seen_at: new Date(),
    })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    ...(persistent ? { expires: expiresAt } : {}),
  });
  return token;
}

/** Ends the request's session (if any) and clears its cookie. */
export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await app.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  clearSessionCookie(app, reply);
}

/** Tells the browser to forget its session cookie (its session is gone). */
export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.secureCookies });
}

export async function endAllSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/**
 * New credentials: ends every session of the user, then starts a new one for
 * this browser of the same kind as the one it had (persistent or
 * browser-session cookie).
 */
export async function renewSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  const current = token
    ? await app.db.selectFrom('sessions').select('persistent').where('token_hash', '=', hashToken(token)).executeTakeFirst()
    : undefined;
  await endAllSessions(app.db, userId);
  await startSession(app, reply, userId, current?.persistent ?? false);
}

/** The signed-in member, or a 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

/** The signed-in member whose id is `id` (a path's `{id}` or a body's `user`), or a 401/403. */
export function requireSelf(request: FastifyRequest, id: string | undefined): SessionUser {
  const user = requireUser(request);
  if (id !== user.id) throw forbidden('That is not your account.');
  return user;
}

export const EMAIL_NOT_VERIFIED =
  'Please confirm your e-mail address first: open the link we sent you (your profile can send it again).';

/** The signed-in member with a confirmed e-mail address (to post or to buy), or a 401/403. */
export function requireVerified(user: SessionUser): SessionUser {
  if (!user.verified) throw new HttpError(403, 'email_not_verified', EMAIL_NOT_VERIFIED);
  return user;
}

export const ACCOUNT_DISABLED = 'This account is disabled. Please contact the church office.';

/** A signed-in member of the staff with at least the role `needed`; a 401 signed out, a 403 otherwise. */
export function requireRole(request: FastifyRequest, needed: Exclude<Role, 'member'>): SessionUser {
  const user = requireUser(request);
  if (!hasRole(user.role, needed))
    throw forbidden(needed === 'admin' ? 'Only an admin may do this.' : "Only the church's staff may do this.");
  return user;
}

/** An onRequest hook: the route is for staff with at least the role `needed` (checked before anything is read). */
export const staffOnly =
  (needed: Exclude<Role, 'member'>) =>
  async (request: FastifyRequest): Promise<void> => {
    requireRole(request, needed);
  };
