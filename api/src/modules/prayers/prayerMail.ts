/**
 * "People prayed for your request": when members press "I prayed", the
 * requester hears how many, in at most one e-mail a day, with no names,
 * unless they turned it off (from the mail's own link or their profile).
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
 * Tells the author of `prayerId` how many members prayed for their requests
 * since the last such mail, if a day has passed since it and they want it.
 * Claimed with a compare-and-set on `prayer_mail_sent_at`, so however many
 * press at once (and however many processes), one mail goes out a day.
 */
export async function tellRequester(
  db: Kysely<Database>,
  mailer: Mailer,
  publicUrl: string,
  prayerId: string,
  now = new Date(),
): Promise<boolean> {
  const author = await db
    .selectFrom('prayers as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.email', 'u.firstname', 'u.prayer_mail_off', 'u.prayer_mail_sent_at'])
    .where('p.id', '=', prayerId)
    .executeTakeFirst();
  if (!author || author.prayer_mail_off) return false;
  const last = author.prayer_mail_sent_at ? new Date(author.prayer_mail_sent_at) : null;
  if (last && now.getTime() - last.getTime() < DAY_MS) return false;

  const since = last ?? new Date(0);
  const { n } = await db
    .selectFrom('prayer_prayed as pp')
    .innerJoin('prayers as p', 'p.id', 'pp.prayer_id')
    .select(sql<string>`count(*)`.as('n'))
    .where('p.user_id', '=', author.id)
    .where('pp.user_id', '!=', author.id)
    .where('pp.created_at', '>', since)
    .executeTakeFirstOrThrow();
  const count = Number(n);
  if (count === 0) return false;

  const claimed = await db
    .updateTable('users')
    .set({ prayer_mail_sent_at: now })
    .where('id', '=', author.id)
    .where((eb) => (last ? eb('prayer_mail_sent_at', '=', last) : eb('prayer_mail_sent_at', 'is', null)))
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return false;

  const token = await mailToken(db, author.id);
  const who = count === 1 ? 'A member of the church family has' : `${count} members of the church family have`;
  await mailer.send({
    to: author.email,
    subject: count === 1 ? 'Someone prayed for your request' : `${count} people prayed for your requests`,
    text: `${greeting(author.firstname)}\n\n${who} prayed for your prayer request${count === 1 ? '' : 's'} on the ${siteIdentity.ministryName} prayer wall.\n\nSee your requests: ${publicUrl}/community\n\nWe send this at most once a day.\nStop these e-mails: ${publicUrl}${mailOffPath(token)}\n`,
  });
  return true;
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
