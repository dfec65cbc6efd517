/**
 * A member's personal calendar feed: their tickets at a secret address
 * (/calendar/tickets/<token>.ics) that a calendar app polls without a
 * session. The token is the only key, so it is long and random; resetting
 * it gives a new one and the old address answers no more.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';

type Db = Kysely<Database>;

/** 32 URL-safe characters (192 random bits). */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export const feedPath = (token: string): string => `/calendar/tickets/${token}.ics`;

export async function findFeedToken(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('calendar_feeds').select('token').where('user_id', '=', userId).executeTakeFirst();
  return row?.token ?? null;
}

/** A new secret address for the member (the old one, if any, stops answering). */
export async function resetFeedToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: now }))
    .execute();
  return token;
}

export async function removeFeedToken(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** Whose feed a token opens: a member whose account is not disabled, or nobody. */
export async function feedOwner(db: Db, token: string): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .select('users.id')
    .where('calendar_feeds.token', '=', token)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}
