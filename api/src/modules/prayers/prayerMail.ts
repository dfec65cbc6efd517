/**
 * "People prayed for your request": when members press "I prayed", the
 * requester hears how many, in at most one e-mail a day, with no names,
 * unless they turned it off (from the mail's own link or their profile);
 * and once a week per request, how many prayed that week.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { siteIdentity } from '@ministry/shared/config';
import type { Database } from '../../db/index.js';
import { greeting, type Mailer } from '../../lib/mailer.js';

const DAY_MS = 24 * 3600_000;

/** The path of the page that turns the mail off, without signing in. */
export const mailOffPath = (token: string): string => `/community/prayer-mail-off/${token}`;

/** The member's "turn off" token, made on first use. */
async function mailToken(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('prayer_mail_token').where('id', '=', userId).executeTakeFirst();
  if (row?.prayer_mail_token) return row.prayer_mail_token;
  const token = randomBytes(24).toString('base64url');
  await db
    .updateTable('users')
    .set({ prayer_mail_token: token })
    .where('id', '=', userId)
    .where('prayer_mail_token', 'is', null)
    .execute();
  return (await db.selectFrom('users').select('prayer_mail_token').where('id', '=', userId).executeTakeFirstOrThrow())
    .prayer_mail_token!;
}

/**
 * How long an "I prayed" waits before it counts for the mail: a press taken
 * back within this time (a slip of the thumb) never reaches the requester.
 */
export const PRAYED_MAIL_DELAY_MS = 5 * 60_000;

/**
 * Tells each requester how many members prayed for their requests since the
 * last such mail (presses at least PRAYED_MAIL_DELAY_MS old and still
 * standing), if a day has passed since it and they want it. Run by the
 * `prayer-mails` job. Each mail is claimed with a compare-and-set on
 * `prayer_mail_sent_at`, so however many processes run it, one mail goes out
 * a day. Answers how many mails were sent.
 */
export async function sendPrayedMails(
  db: Kysely<Database>,
  mailer: Mailer,
  publicUrl: string,
  now = new Date(),
): Promise<number> {
  const counted = new Date(now.getTime() - PRAYED_MAIL_DELAY_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const authors = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.firstname', 'u.prayer_mail_sent_at'])
    .where('u.prayer_mail_off', '=', false)
    .where((eb) => eb.or([eb('u.prayer_mail_sent_at', 'is', null), eb('u.prayer_mail_sent_at', '<=', dayAgo)]))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prayer_prayed as pp')
          .innerJoin('prayers as p', 'p.id', 'pp.prayer_id')
          .select('pp.prayer_id')
          .whereRef('p.user_id', '=', 'u.id')
          .whereRef('pp.user_id', '!=', 'u.id')
          .where('pp.created_at', '<=', counted)
          // Counted by the last mail: pressed before its cut-off.
          .where(
            sql<boolean>`u.prayer_mail_sent_at IS NULL OR pp.created_at > u.prayer_mail_sent_at - ${sql.lit(`${PRAYED_MAIL_DELAY_MS} milliseconds`)}::interval`,
          ),
      ),
    )
    .limit(500)
    .execute();
  let sent = 0;
  for (const author of authors) {
    const last = author.prayer_mail_sent_at ? new Date(author.prayer_mail_sent_at) : null;
    const since = last ? new Date(last.getTime() - PRAYED_MAIL_DELAY_MS) : new Date(0);
    const { n } = await db
      .selectFrom('prayer_prayed as pp')
      .innerJoin('prayers as p', 'p.id', 'pp.prayer_id')
      .select(sql<string>`count(*)`.as('n'))
      .where('p.user_id', '=', author.id)
      .where('pp.user_id', '!=', author.id)
      .where('pp.created_at', '>', since)
      .where('pp.created_at', '<=', counted)
      .executeTakeFirstOrThrow();
    const count = Number(n);
    if (count === 0) continue;
    const claimed = await db
      .updateTable('users')
      .set({ prayer_mail_sent_at: now })
      .where('id', '=', author.id)
      .where((eb) => (last ? eb('prayer_mail_sent_at', '=', last) : eb('prayer_mail_sent_at', 'is', null)))
      .returning('id')
      .executeTakeFirst();
    if (!claimed) continue;
    const token = await mailToken(db, author.id);
    const who = count === 1 ? 'A member of the church family has' : `${count} members of the church family have`;
    await mailer.send({
      to: author.email,
      subject: count === 1 ? 'Someone prayed for your request' : `${count} people prayed for your requests`,
      text: `${greeting(author.firstname)}\n\n${who} prayed for your prayer request${count === 1 ? '' : 's'} on the ${siteIdentity.ministryName} prayer wall.\n\nSee your requests: ${publicUrl}/community\n\nWe send this at most once a day.\nStop these e-mails: ${publicUrl}${mailOffPath(token)}\n`,
    });
    sent += 1;
  }
  return sent;
}

/** The path of the page that stops one request's weekly summary, without signing in. */
export const summaryOffPath = (token: string): string => `/community/prayer-mail-off/${token}?summary=1`;

const WEEK_MS = 7 * DAY_MS;

/**
 * The weekly summary: for each published request whose requester wants it,
 * a week after it was posted (or after the last summary), "N people prayed
 * for your request this week" when anyone did (nothing is sent for a quiet
 * week). Run by the `prayer-summaries` job; each week of a request is
 * claimed with a compare-and-set on `summary_sent_at`, so it is counted and
 * sent once across processes. Answers how many mails were sent.
 */
export async function sendPrayerSummaries(
  db: Kysely<Database>,
  mailer: Mailer,
  publicUrl: string,
  now = new Date(),
): Promise<number> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const due = await db
    .selectFrom('prayers as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.text',
      'p.created_at',
      'p.summary_sent_at',
      'p.summary_token',
      'u.id as user_id',
      'u.email',
      'u.firstname',
    ])
    .where('p.status', '=', 'published')
    .where('p.summary_mail', '=', true)
    .where((eb) =>
      eb.or([
        eb.and([eb('p.summary_sent_at', 'is', null), eb('p.created_at', '<=', weekAgo)]),
        eb('p.summary_sent_at', '<=', weekAgo),
      ]),
    )
    .orderBy('p.created_at')
    .limit(500)
    .execute();
  let sent = 0;
  for (const prayer of due) {
    const last = prayer.summary_sent_at ? new Date(prayer.summary_sent_at) : null;
    const since = last ?? new Date(prayer.created_at);
    const claimed = await db
      .updateTable('prayers')
      .set({ summary_sent_at: now })
      .where('id', '=', prayer.id)
      .where((eb) => (last ? eb('summary_sent_at', '=', last) : eb('summary_sent_at', 'is', null)))
      .returning('id')
      .executeTakeFirst();
    if (!claimed) continue;
    const { n } = await db
      .selectFrom('prayer_prayed')
      .select(sql<string>`count(*)`.as('n'))
      .where('prayer_id', '=', prayer.id)
      .where('user_id', '!=', prayer.user_id)
      .where('created_at', '>', since)
      .where('created_at', '<=', now)
      .executeTakeFirstOrThrow();
    const count = Number(n);
    if (count === 0) continue;
    const token = prayer.summary_token ?? (await summaryToken(db, prayer.id));
    const people = count === 1 ? '1 person' : `${count} people`;
    const excerpt = prayer.text.length > 80 ? `${prayer.text.slice(0, 79)}…` : prayer.text;
    await mailer.send({
      to: prayer.email,
      subject: `${people} prayed for your request this week`,
      text: `${greeting(prayer.firstname)}\n\n${people} prayed for your request this week:\n\n"${excerpt}"\n\nPost an update for those praying, or mark it answered: ${publicUrl}/community\n\nWe send this once a week while people pray for it.\nStop the weekly summary for this request: ${publicUrl}${summaryOffPath(token)}\n`,
    });
    sent += 1;
  }
  return sent;
}

/** The request's summary "stop" token, made on first use. */
async function summaryToken(db: Kysely<Database>, prayerId: string): Promise<string> {
  await db
    .updateTable('prayers')
    .set({ summary_token: randomBytes(24).toString('base64url') })
    .where('id', '=', prayerId)
    .where('summary_token', 'is', null)
    .execute();
  return (await db.selectFrom('prayers').select('summary_token').where('id', '=', prayerId).executeTakeFirstOrThrow())
    .summary_token!;
}

/** Stops the weekly summary of the request whose link this is; false for an unknown token. */
export async function turnSummaryOff(db: Kysely<Database>, token: string): Promise<boolean> {
  const row = await db
    .updateTable('prayers')
    .set({ summary_mail: false })
    .where('summary_token', '=', token)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/** Turns the mail off for the member whose link this is; false for an unknown token. */
export async function turnMailOff(db: Kysely<Database>, token: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ prayer_mail_off: true })
    .where('prayer_mail_token', '=', token)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}
