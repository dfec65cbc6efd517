import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import type { SubscriberStatus } from '../../db/schema.js';

/** A new address's secret: 32 random bytes as hex (its confirmation and unsubscribe links). */
export const newToken = (): string => randomBytes(32).toString('hex');
export const TOKEN_PATTERN = '^[0-9a-f]{64}$';

export const normalizeAddress = (email: string): string => email.trim().toLowerCase();

/**
 * Someone asks for the newsletter at `email`. A new address is stored
 * pending; an unsubscribed (or stopped) one becomes pending again; a pending
 * or confirmed one stays as it is. `confirm` says whether a confirmation
 * mail is due (every case but an address already confirmed), with the
 * address's token for its link: the same token while it waits, so every
 * confirmation mail it was sent works.
 */
export async function subscribe(db: Kysely<Database>, email: string): Promise<{ confirm: boolean; token: string }> {
  const address = normalizeAddress(email);
  await db
    .insertInto('newsletter_subscribers')
    .values({ email: address, status: 'pending', token: newToken() })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const row = await db
    .updateTable('newsletter_subscribers')
    .set({ status: sql`CASE WHEN status = 'confirmed' THEN status ELSE 'pending' END` })
    .where('email', '=', address)
    .returning(['status', 'token'])
    .executeTakeFirstOrThrow();
  return { confirm: row.status !== 'confirmed', token: row.token };
}

/** A confirmed subscription at once (a member's own, already confirmed, address). */
export async function subscribeConfirmed(db: Kysely<Database>, email: string, now: Date): Promise<void> {
  const address = normalizeAddress(email);
  await db
    .insertInto('newsletter_subscribers')
    .values({ email: address, status: 'confirmed', token: newToken(), confirmed_at: now })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({ status: 'confirmed', confirmed_at: now, unsubscribed_at: null, hard_bounces: 0 }),
    )
    .execute();
}

/**
 * The link of a confirmation mail: a pending address becomes confirmed (one
 * already confirmed stays so). Null when the token is unknown, or the
 * address has since unsubscribed (it must ask again).
 */
export async function confirmSubscription(db: Kysely<Database>, token: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'confirmed', confirmed_at: sql`coalesce(confirmed_at, ${now})`, hard_bounces: 0 })
    .where('token', '=', token)
    .where('status', 'in', ['pending', 'confirmed'])
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Unsubscribes the address of `token` (whatever it was); its address, or null for an unknown token. */
export async function unsubscribeByToken(db: Kysely<Database>, token: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: now })
    .where('token', '=', token)
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}

/** The address of an unsubscribe link and where it stands, or undefined for no such link. */
export async function subscriberByToken(
  db: Kysely<Database>,
  token: string,
): Promise<{ email: string; status: SubscriberStatus } | undefined> {
  return db.selectFrom('newsletter_subscribers').select(['email', 'status']).where('token', '=', token).executeTakeFirst();
}

/** Unsubscribes `email` (a member from their profile). */
export async function unsubscribeAddress(db: Kysely<Database>, email: string, now: Date): Promise<void> {
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: now })
    .where('email', '=', normalizeAddress(email))
    .where('status', '!=', 'unsubscribed')
    .execute();
}

/** Where `email` stands: 'none' when it never subscribed. */
export async function subscriptionOf(db: Kysely<Database>, email: string): Promise<SubscriberStatus | 'none'> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select('status')
    .where('email', '=', normalizeAddress(email))
    .executeTakeFirst();
  return row?.status ?? 'none';
}

export const SUBSCRIBERS_PAGE = 50;

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The subscribers, newest first (`q`: part of the address), a page at a time (`page` 0: all of them). */
export async function listSubscribers(
  db: Kysely<Database>,
  { q, page }: { q?: string; page: number },
): Promise<{
  items: { email: string; since: string; status: SubscriberStatus }[];
  total: number;
  all: number;
  page: number;
  pageSize: number;
}> {
  const search = q?.trim();
  let list = db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'created_at', 'status'])
    .orderBy('created_at', 'desc')
    .orderBy('email');
  let matching = db.selectFrom('newsletter_subscribers').select(sql<string>`count(*)`.as('n'));
  if (search) {
    list = list.where(sql<boolean>`lower(email) LIKE ${containsPattern(search)}`);
    matching = matching.where(sql<boolean>`lower(email) LIKE ${containsPattern(search)}`);
  }
  if (page > 0) list = list.limit(SUBSCRIBERS_PAGE).offset((page - 1) * SUBSCRIBERS_PAGE);
  const [rows, total, all] = await Promise.all([
    list.execute(),
    matching.executeTakeFirstOrThrow(),
    db
      .selectFrom('newsletter_subscribers')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ email: r.email, since: new Date(r.created_at).toISOString(), status: r.status })),
    total: Number(total.n),
    all: Number(all.n),
    page,
    pageSize: SUBSCRIBERS_PAGE,
  };
}
