/**
 * Confirming an e-mail address: a new account's (`verify`) and a new
 * address a member asked for (`change`, which takes effect only once
 * confirmed). Links are single-use and last a day; only their hash is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import { LIMITS } from '../../config.js';
import { badRequest, conflict } from '../../lib/errors.js';

const LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Confirmation mails one account may be sent in an hour, by default (LIMIT_CONFIRMATION_MAILS_PER_ACCOUNT). */
export const CONFIRMATION_MAILS_PER_HOUR = LIMITS.confirmationMailsPerAccount.max;
export const CONFIRMATION_INVALID =
  'This confirmation link is invalid, used or expired. Log in and ask for a new one from your profile.';
const EMAIL_TAKEN = 'This email already exists, please try again with a different email.';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export type ConfirmationPurpose = 'verify' | 'change';

/** A new link for `email`; an earlier unused link of the same purpose stops working. */
export async function createEmailConfirmation(
  db: Kysely<Database>,
  userId: string,
  email: string,
  purpose: ConfirmationPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_confirmations')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_confirmations')
      .values({ token_hash: hashToken(token), user_id: userId, email, purpose, expires_at: new Date(Date.now() + LIFETIME_MS) })
      .execute();
  });
  return token;
}

/** How many confirmation links the account was sent in the last hour. */
export async function confirmationsSince(db: Kysely<Database>, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('email_confirmations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Confirmed {
  userId: string;
  purpose: ConfirmationPurpose;
  email: string;
  /** For a change: the address the account had before. */
  previousEmail?: string;
}

/** Uses a link once: the account's address is confirmed, or changed to the confirmed new one. */
/** The account a confirmation link is for, while it still works (nothing is used up). */
export async function confirmationOwner(db: Kysely<Database>, token: string): Promise<string | undefined> {
  const link = await db
    .selectFrom('email_confirmations')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return link?.user_id;
}

export async function confirmEmail(db: Kysely<Database>, token: string): Promise<Confirmed> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const link = await trx
      .updateTable('email_confirmations')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'email', 'purpose'])
      .executeTakeFirst();
    if (!link) throw badRequest(CONFIRMATION_INVALID, { token: CONFIRMATION_INVALID });
    const user = await trx.selectFrom('users').select(['email']).where('id', '=', link.user_id).executeTakeFirstOrThrow();
    if (link.purpose === 'verify') {
      if (user.email !== link.email) throw badRequest(CONFIRMATION_INVALID, { token: CONFIRMATION_INVALID });
      await trx
        .updateTable('users')
        .set({ email_verified_at: now })
        .where('id', '=', link.user_id)
        .where('email_verified_at', 'is', null)
        .execute();
      return { userId: link.user_id, purpose: 'verify', email: link.email };
    }
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where(({ fn, eb }) => eb(fn('lower', ['email']), '=', link.email))
      .where('id', '!=', link.user_id)
      .executeTakeFirst();
    if (taken) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    await trx.updateTable('users').set({ email: link.email, email_verified_at: now }).where('id', '=', link.user_id).execute();
    // Reset links went to the old address: they die with it.
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', link.user_id)
      .where('used_at', 'is', null)
      .execute();
    return { userId: link.user_id, purpose: 'change', email: link.email, previousEmail: user.email };
  });
}
