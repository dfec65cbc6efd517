/** Members' accounts: the rows, their public shape, and the rules the routes apply. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { User } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import type { Role, UsersTable } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { sanitizePlainText } from '../../lib/sanitize.js';
import { messages } from '@ministry/shared/validation';

type UserRow = Selectable<UsersTable>;

/** The user as the client sees it: never the password hash. */
export function toUser(row: UserRow): User {
  const birth = row.birth_date as unknown;
  return {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    photo: row.photo,
    birth_date: birth instanceof Date ? birth.toISOString().slice(0, 10) : typeof birth === 'string' ? birth.slice(0, 10) : null,
    gender: row.gender as User['gender'],
    civil_status: row.civil_status as User['civil_status'],
    countryOfOrigin: row.country_of_origin,
    country: row.country,
    city: row.city,
    church: row.church,
    seniority: row.seniority,
    source: row.source,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    prayerMail: !row.prayer_mail_off,
  };
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('That account');
  return row;
}

/** Where to write to a member: their address and first name, or undefined when the account is gone. */
export async function findUserContact(
  db: Kysely<Database>,
  id: string,
): Promise<Pick<UserRow, 'email' | 'firstname'> | undefined> {
  return db.selectFrom('users').select(['email', 'firstname']).where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(({ fn, eb }) => eb(fn('lower', ['email']), '=', normalizeEmail(email)))
    .executeTakeFirst();
}

export async function assertChurchExists(db: Kysely<Database>, church: string | undefined): Promise<void> {
  if (church === undefined || church === '') return;
  const row = await db.selectFrom('churches').select('id').where('id', '=', church).executeTakeFirst();
  if (!row) throw badRequest('Please choose one of our churches.', { church: 'Please choose one of our churches.' });
}

const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';
const EMAIL_TAKEN = 'This email already exists, please try again with a different email.';

export interface NewUser {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  birth_date?: string;
  gender?: string;
  civil_status?: string;
  countryOfOrigin?: string;
  country?: string;
  city?: string;
  church?: string;
  seniority?: number;
  source?: string;
  role?: Role;
  /** The address is known to be the member's (admins made on the server); sign-ups confirm theirs by e-mail. */
  verified?: boolean;
}

export async function createUser(db: Kysely<Database>, input: NewUser): Promise<User> {
  if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  await assertChurchExists(db, input.church);
  const values = {
    id: newId(),
    firstname: sanitizePlainText(input.firstname),
    lastname: sanitizePlainText(input.lastname),
    email: normalizeEmail(input.email),
    password_hash: await hashPassword(input.password),
    birth_date: input.birth_date ?? null,
    gender: input.gender ?? null,
    civil_status: input.civil_status ?? null,
    country_of_origin: input.countryOfOrigin ? sanitizePlainText(input.countryOfOrigin) : null,
    country: input.country ? sanitizePlainText(input.country) : null,
    city: input.city ? sanitizePlainText(input.city) : null,
    church: input.church || null,
    seniority: input.seniority ?? null,
    source: input.source ? sanitizePlainText(input.source) : null,
    role: input.role ?? 'member',
    email_verified_at: input.verified ? new Date() : null,
  };
  try {
    const row = await db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
    return toUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

export interface BasicInfo {
  firstname?: string;
  lastname?: string;
  birth_date?: string;
  gender?: string;
  civil_status?: string;
  countryOfOrigin?: string;
  country?: string;
  city?: string;
  church?: string;
  seniority?: number | null;
  source?: string;
}

/** Basic info and church: only the fields given change. */
export async function updateBasicInfo(db: Kysely<Database>, id: string, input: BasicInfo): Promise<User> {
  await assertChurchExists(db, input.church);
  const text = (v: string | undefined) => (v === undefined ? undefined : sanitizePlainText(v));
  const changes = Object.fromEntries(
    Object.entries({
      firstname: text(input.firstname),
      lastname: text(input.lastname),
      birth_date: input.birth_date,
      gender: input.gender,
      civil_status: input.civil_status,
      country_of_origin: text(input.countryOfOrigin),
      country: text(input.country),
      city: text(input.city),
      church: input.church === undefined ? undefined : input.church || null,
      seniority: input.seniority,
      source: text(input.source),
    }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(changes).length) await db.updateTable('users').set(changes).where('id', '=', id).execute();
  return toUser(await findUserById(db, id));
}

/**
 * A new e-mail, a new password, or both. An e-mail equal to the current one
 * is no change; nothing to change is a 400. Outstanding reset links die with
 * the old credentials (one may have gone to the old address).
 */
export async function updateCredentials(
  db: Kysely<Database>,
  id: string,
  changes: { email?: string; password?: string },
): Promise<User> {
  const current = await findUserById(db, id);
  const email =
    changes.email && normalizeEmail(changes.email) !== normalizeEmail(current.email) ? normalizeEmail(changes.email) : undefined;
  if (!email && !changes.password) throw badRequest(messages.nothingToChange, { password: messages.nothingToChange });
  if (email) {
    const owner = await findUserByEmail(db, email);
    if (owner && owner.id !== id) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  }
  try {
    await db
      .updateTable('users')
      .set({ ...(email ? { email } : {}), ...(changes.password ? { password_hash: await hashPassword(changes.password) } : {}) })
      .where('id', '=', id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
  await invalidateResetTokens(db, id);
  return toUser(await findUserById(db, id));
}

export async function setPhoto(db: Kysely<Database>, id: string, photo: string | null): Promise<User> {
  await db.updateTable('users').set({ photo }).where('id', '=', id).execute();
  return toUser(await findUserById(db, id));
}

// --- password reset -------------------------------------------------------

const RESET_LIFETIME_MS = 60 * 60 * 1000;
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A single-use reset token for the user, valid one hour; only its hash is stored. */
export async function createResetToken(db: Kysely<Database>, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('password_resets')
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: new Date(Date.now() + RESET_LIFETIME_MS) })
    .execute();
  return token;
}

export const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

/** Marks every outstanding reset token of the user as used. */
export async function invalidateResetTokens(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Uses the token once (atomically), sets the new password and voids the
 * user's other outstanding reset tokens; returns the user's id.
 */
/** Whether a reset link still works (unused and within its hour); it is not used up by asking. */
export async function isResetTokenUsable(db: Kysely<Database>, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

export async function consumeResetToken(db: Kysely<Database>, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const tokenHash = hashToken(token);
  const now = new Date();
  // One statement marks this token and its siblings used: of two links used at once, only one wins.
  const used = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('used_at', 'is', null)
    .where('user_id', '=', (eb) =>
      eb
        .selectFrom('password_resets')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now),
    )
    .returning(['user_id', 'token_hash'])
    .execute();
  const mine = used.find((row) => row.token_hash === tokenHash);
  if (!mine) throw badRequest(RESET_INVALID, { token: RESET_INVALID });
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', mine.user_id).execute();
  return mine.user_id;
}

/** How many reset tokens the user was sent since `since` (the per-account mail limit). */
export async function countResetTokensSince(db: Kysely<Database>, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
