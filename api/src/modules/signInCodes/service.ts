/**
 * One-time sign-in codes: six digits mailed to a member's address, for
 * signing in without the password (and for confirming who they are where a
 * password is not at hand). A code is kept only as a keyed hash, works once,
 * for CODE_MINUTES; every wrong code typed for the account while it is valid
 * counts against it, and CODE_WRONG_TRIES wrong codes void it.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { findUserByEmail } from '../users/service.js';

/** How long a code works. */
export const CODE_MINUTES = 10;
/** Wrong codes that void every code of the account still valid. */
export const CODE_WRONG_TRIES = 5;

const hashOf = (id: string, code: string): string => createHmac('sha256', id).update(code).digest('hex');

/** Six digits, spaces between them ignored; anything else is no code. */
export const normalizeCode = (code: string): string | undefined => {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
};

/** A new code for the member: answers the six digits to mail (kept only as a hash). */
export async function createSignInCode(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = newId();
  await db
    .deleteFrom('sign_in_codes')
    .where('expires_at', '<', new Date(now.getTime() - 86_400_000))
    .execute();
  await db
    .insertInto('sign_in_codes')
    .values({
      id,
      user_id: userId,
      code_hash: hashOf(id, code),
      expires_at: new Date(now.getTime() + CODE_MINUTES * 60_000),
      created_at: now,
    })
    .execute();
  return code;
}

/**
 * Uses one of the member's valid codes: true when `code` is one (it is then
 * spent, once, whatever else asks at the same moment); false otherwise, and
 * the wrong try counts against every code still valid.
 */
export async function consumeSignInCode(
  db: Kysely<Database>,
  userId: string,
  code: string,
  now: Date = new Date(),
): Promise<boolean> {
  const digits = normalizeCode(code);
  const live = await db
    .selectFrom('sign_in_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('wrong_tries', '<', CODE_WRONG_TRIES)
    .execute();
  if (digits) {
    for (const row of live) {
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(hashOf(row.id, digits), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) continue;
      const spent = await db
        .updateTable('sign_in_codes')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('wrong_tries', '<', CODE_WRONG_TRIES)
        .returning('id')
        .executeTakeFirst();
      return spent !== undefined;
    }
  }
  if (live.length) {
    await db
      .updateTable('sign_in_codes')
      .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
      .where(
        'id',
        'in',
        live.map((r) => r.id),
      )
      .execute();
  }
  return false;
}

/**
 * For other modules that ask a member to prove who they are with a fresh
 * code (deleting an account without a password, say): the member's id when
 * `code` is a valid code of the account of `email` (the code is then spent),
 * else undefined. Callers limit the tries (the routes here count wrong codes
 * per address with LIMIT_CODE_FAILURES_PER_EMAIL).
 */
export async function verifyFreshCode(
  db: Kysely<Database>,
  email: string,
  code: string,
  now: Date = new Date(),
): Promise<string | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user || user.disabled_at) return undefined;
  return (await consumeSignInCode(db, user.id, code, now)) ? user.id : undefined;
}
