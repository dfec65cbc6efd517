/**
 * The members as admins see them (/admin/members): found by name or
 * e-mail, with their state and posts; their role changed, their account
 * disabled or enabled. The rules hold on the server: an admin never
 * changes their own role or disables their own account, and the site
 * always keeps an admin who can sign in.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { MemberDetail, MemberPage, MemberSummary, Role } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import type { SessionUser } from '../../lib/sessionUser.js';
import { forbidden, HttpError, notFound } from '../../lib/errors.js';
import { endAllSessions } from '../../plugins/session.js';
import { listMyPosts } from '../myPosts/service.js';

export const MEMBERS_PAGE = 25;
export const ROLES: readonly Role[] = ['member', 'editor', 'admin'];

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const count = (table: 'prayers' | 'stories' | 'comments') =>
  sql<string>`(SELECT count(*) FROM ${sql.table(table)} WHERE ${sql.ref(`${table}.user_id`)} = users.id)`;

function summaryColumns(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.firstname',
      'users.lastname',
      'users.email',
      'users.role',
      'users.created_at',
      'users.disabled_at',
      'users.email_verified_at',
      'users.posting_blocked_at',
      'users.church',
      'users.city',
      'users.country',
      count('prayers').as('prayer_count'),
      count('stories').as('story_count'),
      count('comments').as('comment_count'),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryColumns>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());

function toSummary(row: SummaryRow): MemberSummary {
  return {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role,
    joined: new Date(row.created_at).toISOString(),
    disabledAt: iso(row.disabled_at),
    emailConfirmed: row.email_verified_at !== null,
    postingStoppedAt: iso(row.posting_blocked_at),
    posts: { prayers: Number(row.prayer_count), stories: Number(row.story_count), comments: Number(row.comment_count) },
  };
}

/** A page of members, newest first; `q` finds them by name ("Ben Okafor", "okaf") or e-mail. */
export async function listMembers(db: Kysely<Database>, { q, page }: { q?: string; page: number }): Promise<MemberPage> {
  const search = q?.trim();
  const pattern = search ? containsPattern(search) : null;
  // Deleted accounts (kept emptied for the records) are no one to manage.
  let list = summaryColumns(db).where('users.deleted_at', 'is', null);
  let total = db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('n'))
    .where('users.deleted_at', 'is', null);
  if (pattern) {
    const found = sql<boolean>`(lower(users.firstname || ' ' || users.lastname) LIKE ${pattern} OR lower(users.email) LIKE ${pattern})`;
    list = list.where(found);
    total = total.where(found);
  }
  const [rows, counted] = await Promise.all([
    list
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id')
      .limit(MEMBERS_PAGE)
      .offset((page - 1) * MEMBERS_PAGE)
      .execute(),
    total.executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toSummary), total: Number(counted.n), page, pageSize: MEMBERS_PAGE };
}

/** One member in full: their church and every post (newest first, up to 200 of each kind). */
export async function getMember(db: Kysely<Database>, id: string): Promise<MemberDetail> {
  const row = await summaryColumns(db).where('users.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('That member');
  const church = row.church
    ? await db.selectFrom('churches').select(['id', 'church_name']).where('id', '=', row.church).executeTakeFirst()
    : undefined;
  return {
    ...toSummary(row),
    church: church ? { _id: church.id, name: church.church_name } : null,
    city: row.city,
    country: row.country,
    postList: await listMyPosts(db, id),
  };
}

/**
 * Locks the admins' rows for the rest of the transaction (always in the
 * same order), so two admins acting at once on each other are taken one
 * after the other, and checks that the actor is still an admin who may
 * sign in. Answers the admins who may sign in.
 */
async function lockAdmins(trx: Transaction<Database>, actor: SessionUser): Promise<string[]> {
  const admins = await trx
    .selectFrom('users')
    .select(['id', 'disabled_at'])
    .where('role', '=', 'admin')
    .orderBy('id')
    .forUpdate()
    .execute();
  const active = admins.filter((a) => a.disabled_at === null).map((a) => a.id);
  if (!active.includes(actor.id)) throw forbidden('Only an admin may do this.');
  return active;
}

const LAST_ADMIN = 'The site must keep at least one admin who can sign in: make another member an admin first.';

export interface MemberChange {
  name: string;
  from: Role;
  to: Role;
}

/** Gives a member another role; an admin cannot change their own, and the last admin stays one. */
export async function changeRole(db: Kysely<Database>, actor: SessionUser, id: string, role: Role): Promise<MemberChange> {
  if (id === actor.id) throw new HttpError(403, 'own_account', 'You cannot change your own role: another admin can.');
  return db.transaction().execute(async (trx) => {
    const admins = await lockAdmins(trx, actor);
    const target = await trx
      .selectFrom('users')
      .select(['id', 'role', 'firstname', 'lastname'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!target) throw notFound('That member');
    const name = `${target.firstname} ${target.lastname}`.trim();
    if (target.role === role) return { name, from: role, to: role };
    if (target.role === 'admin' && admins.filter((a) => a !== id).length === 0)
      throw new HttpError(409, 'last_admin', LAST_ADMIN);
    await trx.updateTable('users').set({ role }).where('id', '=', id).execute();
    return { name, from: target.role, to: role };
  });
}

/**
 * Disables an account (it cannot sign in, and its sessions end at once) or
 * enables it again. An admin cannot disable their own account, and the last
 * admin who can sign in stays able to.
 */
export async function setDisabled(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  disabled: boolean,
  now: Date,
): Promise<{ name: string; changed: boolean }> {
  if (id === actor.id) throw new HttpError(403, 'own_account', 'You cannot disable your own account.');
  return db.transaction().execute(async (trx) => {
    const admins = await lockAdmins(trx, actor);
    const target = await trx
      .selectFrom('users')
      .select(['id', 'role', 'firstname', 'lastname', 'disabled_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!target) throw notFound('That member');
    const name = `${target.firstname} ${target.lastname}`.trim();
    if ((target.disabled_at !== null) === disabled) return { name, changed: false };
    if (disabled && target.role === 'admin' && admins.filter((a) => a !== id).length === 0)
      throw new HttpError(409, 'last_admin', LAST_ADMIN);
    await trx
      .updateTable('users')
      .set({ disabled_at: disabled ? now : null })
      .where('id', '=', id)
      .execute();
    // Refused at once already (sessions of a disabled account are never honoured); gone for good, so enabling it does not bring them back.
    if (disabled) await endAllSessions(trx, id);
    return { name, changed: true };
  });
}
