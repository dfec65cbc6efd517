/**
 * News items and press releases on the staff pages: title, text, photo and
 * date; drafts, scheduled and published ones, created, edited, published,
 * unpublished and deleted. Both kinds are written alike; each has its table.
 */
import { sql, type Kysely } from 'kysely';
import { articleInputSchema, contentMessages, type yup } from '@ministry/shared/validation';
import type { ArticleKind, StaffArticle, StaffListPage } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import type { ContentStatus } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { sanitizePlainText } from '../../lib/sanitize.js';
import { dueMoment, siteDay, stateOf } from '../../lib/schedule.js';
import type { ArticleTable } from '../articles/service.js';
import { STAFF_PAGE_SIZE, type StaffListQuery } from './devotionals.js';

export type ArticleInput = yup.InferType<typeof articleInputSchema>;

interface Row {
  id: string;
  title: string;
  description: string;
  photo: string;
  created_at: Date;
  status: ContentStatus;
  updated_at: Date;
}

/** Each kind: its table, and how the activity log and the errors name one. */
export const ARTICLE_KINDS: Record<ArticleKind, { table: ArticleTable; name: string; subject: string }> = {
  news: { table: 'news', name: 'News item', subject: 'news item' },
  press: { table: 'press_releases', name: 'Press release', subject: 'press release' },
};

const toStaffArticle = (row: Row, now: Date): StaffArticle => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  photo: row.photo,
  date: siteDay(row.created_at),
  status: row.status,
  state: stateOf(row.status, row.created_at, now),
  publishAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listStaffArticles(
  db: Kysely<Database>,
  kind: ArticleKind,
  query: StaffListQuery,
  now: Date,
): Promise<StaffListPage<StaffArticle>> {
  const { table } = ARTICLE_KINDS[kind];
  let base = db.selectFrom(table);
  const q = query.q?.trim();
  if (q) base = base.where(sql<boolean>`lower(title) like ${likeText(q)}`);
  if (query.state === 'draft') base = base.where('status', '=', 'draft');
  if (query.state === 'scheduled') base = base.where('status', '=', 'published').where('created_at', '>', now);
  if (query.state === 'published') base = base.where('status', '=', 'published').where('created_at', '<=', now);
  const offset = query.offset ?? 0;
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(STAFF_PAGE_SIZE).execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    items: rows.map((r) => toStaffArticle(r, now)),
    total,
    next: offset + rows.length < total ? offset + rows.length : null,
  };
}

async function findRow(db: Kysely<Database>, kind: ArticleKind, id: string): Promise<Row> {
  const row = await db.selectFrom(ARTICLE_KINDS[kind].table).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`That ${ARTICLE_KINDS[kind].subject}`);
  return row;
}

export async function findStaffArticle(db: Kysely<Database>, kind: ArticleKind, id: string, now: Date): Promise<StaffArticle> {
  return toStaffArticle(await findRow(db, kind, id), now);
}

/** The form's values, checked by its rules (`readBody`), cleaned: plain text only (the pages show it as text). */
export function cleanArticleInput(input: ArticleInput): ArticleInput {
  const title = sanitizePlainText(input.title);
  const description = sanitizePlainText(input.description);
  const fields: Record<string, string> = {};
  if (!title) fields.title = contentMessages.title;
  if (!description) fields.description = contentMessages.text;
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  return { ...input, title, description };
}

/** A new item, saved as a draft. */
export async function createArticle(
  db: Kysely<Database>,
  kind: ArticleKind,
  input: ArticleInput,
  now: Date,
): Promise<StaffArticle> {
  const id = newId();
  await db
    .insertInto(ARTICLE_KINDS[kind].table)
    .values({
      id,
      title: input.title,
      description: input.description,
      photo: input.photo,
      created_at: dueMoment(input.date, now),
      status: 'draft',
      updated_at: now,
    })
    .execute();
  return findStaffArticle(db, kind, id, now);
}

export async function updateArticle(
  db: Kysely<Database>,
  kind: ArticleKind,
  id: string,
  input: ArticleInput,
  now: Date,
): Promise<StaffArticle> {
  const before = await findRow(db, kind, id);
  await db
    .updateTable(ARTICLE_KINDS[kind].table)
    .set({
      title: input.title,
      description: input.description,
      photo: input.photo,
      created_at: dueMoment(input.date, now, before.created_at),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  return findStaffArticle(db, kind, id, now);
}

/** Published or back to a draft; null when it already was. */
export async function setArticleStatus(
  db: Kysely<Database>,
  kind: ArticleKind,
  id: string,
  status: ContentStatus,
  now: Date,
): Promise<StaffArticle | null> {
  const row = await findRow(db, kind, id);
  if (row.status === status) return null;
  await db.updateTable(ARTICLE_KINDS[kind].table).set({ status, updated_at: now }).where('id', '=', id).execute();
  return findStaffArticle(db, kind, id, now);
}

/** Removes it; answers its title, for the activity log. */
export async function deleteArticle(db: Kysely<Database>, kind: ArticleKind, id: string): Promise<{ title: string }> {
  const row = await findRow(db, kind, id);
  await db.deleteFrom(ARTICLE_KINDS[kind].table).where('id', '=', id).execute();
  return { title: row.title };
}
