/**
 * Devotionals on the staff pages: drafts, scheduled and published ones,
 * created, edited, published, unpublished and deleted. A devotional's slug
 * is made from its title unless the editor gives one, is unique, and never
 * changes once the public could read it (`first_live_at`), so links to it
 * keep working.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { contentMessages, devotionalInputSchema, tagKey, type yup } from '@ministry/shared/validation';
import type { ContentState, DevotionalTag, StaffDevotional, StaffListPage } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import type { DevotionalsTable } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { newId, slugify } from '../../lib/ids.js';
import { sanitizePlainText, sanitizeRichText } from '../../lib/sanitize.js';
import { dueMoment, siteDay, stateOf } from '../../lib/schedule.js';
import { hasTag } from '../devotionals/service.js';

type Row = Selectable<DevotionalsTable>;
export type DevotionalInput = yup.InferType<typeof devotionalInputSchema>;

export const STAFF_PAGE_SIZE = 50;

/** Whether the public could read it by `now`: its slug is kept from then on. */
const slugLocked = (row: Pick<Row, 'first_live_at'>, now: Date): boolean =>
  row.first_live_at !== null && new Date(row.first_live_at).getTime() <= now.getTime();

export function toStaffDevotional(row: Row, now: Date): StaffDevotional {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    date: siteDay(row.published_at),
    verses: row.verses,
    tags: row.tags.length ? row.tags : [row.tag],
    image: row.image,
    detail: sanitizeRichText(row.detail),
    status: row.status,
    state: stateOf(row.status, row.published_at, now),
    slugLocked: slugLocked(row, now),
    publishAt: new Date(row.published_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** `LIKE` text that matches itself only (no wildcards of the searcher's). */
const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface StaffListQuery {
  q?: string;
  tag?: string;
  state?: ContentState;
  offset?: number;
}

/** Every devotional, drafts included, the latest date first; searched by title, narrowed by tag and state. */
export async function listStaffDevotionals(
  db: Kysely<Database>,
  query: StaffListQuery,
  now: Date,
): Promise<StaffListPage<StaffDevotional>> {
  let base = db.selectFrom('devotionals');
  const q = query.q?.trim();
  if (q) base = base.where(sql<boolean>`lower(title) like ${likeText(q)}`);
  if (query.tag?.trim()) base = base.where(hasTag(query.tag.trim()));
  if (query.state === 'draft') base = base.where('status', '=', 'draft');
  if (query.state === 'scheduled') base = base.where('status', '=', 'published').where('published_at', '>', now);
  if (query.state === 'published') base = base.where('status', '=', 'published').where('published_at', '<=', now);
  const offset = query.offset ?? 0;
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('created_at', 'desc')
      .offset(offset)
      .limit(STAFF_PAGE_SIZE)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    items: rows.map((r) => toStaffDevotional(r, now)),
    total,
    next: offset + rows.length < total ? offset + rows.length : null,
  };
}

/** Every tag in use (the first spelling met), with how many devotionals have it, most used first. */
export async function listDevotionalTags(db: Kysely<Database>): Promise<DevotionalTag[]> {
  const rows = await sql<{ tag: string; count: string }>`
    select min(t.name) as tag, count(*) as count
    from devotionals, unnest(case when cardinality(devotionals.tags) = 0 then array[devotionals.tag] else devotionals.tags end) as t(name)
    group by lower(t.name)
    order by count(*) desc, lower(t.name)`.execute(db);
  return rows.rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}

async function findRow(db: Kysely<Database>, id: string): Promise<Row> {
  const row = await db.selectFrom('devotionals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('That devotional');
  return row;
}

export async function findStaffDevotional(db: Kysely<Database>, id: string, now: Date): Promise<StaffDevotional> {
  return toStaffDevotional(await findRow(db, id), now);
}

/** The tags as the site already spells them ('hope' becomes 'Hope' when that exists), each once. */
async function spelledTags(db: Kysely<Database>, tags: string[]): Promise<string[]> {
  const known = new Map((await listDevotionalTags(db)).map((t) => [tagKey(t.tag), t.tag]));
  const out = new Map<string, string>();
  for (const tag of tags) {
    const key = tagKey(tag);
    if (!out.has(key)) out.set(key, known.get(key) ?? tag.trim().replace(/\s+/g, ' '));
  }
  return [...out.values()];
}

/** The form's values, checked by its rules (`readBody`), cleaned: plain text where no markup belongs, the body sanitized. */
export function cleanDevotionalInput(input: DevotionalInput): DevotionalInput {
  const title = sanitizePlainText(input.title);
  const detail = sanitizeRichText(input.detail);
  const fields: Record<string, string> = {};
  if (!title) fields.title = contentMessages.title;
  // A body of nothing but markup the sanitizer removed (a script, an iframe) is no devotional.
  if (!sanitizePlainText(detail)) fields.detail = contentMessages.body;
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  return { ...input, title, detail, verses: sanitizePlainText(input.verses) };
}

const slugTaken = () => badRequest(contentMessages.slugTaken, { slug: contentMessages.slugTaken });

/** Addresses of the public devotional calls that a slug must not shadow (/api/devotionals/tags). */
const RESERVED_SLUGS = new Set(['tags']);

async function slugInUse(db: Kysely<Database>, slug: string, exceptId?: string): Promise<boolean> {
  if (RESERVED_SLUGS.has(slug)) return true;
  let query = db.selectFrom('devotionals').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A free slug made from the title: 'walking-in-the-light', else '…-2', '…-3'. */
async function slugFromTitle(db: Kysely<Database>, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title).slice(0, 110).replace(/-+$/, '') || 'devotional';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await slugInUse(db, slug, exceptId))) return slug;
  }
}

/** The unique index answered first (two editors saving the same slug at once): the same clear 400. */
async function unlessSlugTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw slugTaken();
    throw error;
  }
}

/** A new devotional, saved as a draft. */
export async function createDevotional(db: Kysely<Database>, input: DevotionalInput, now: Date): Promise<Row> {
  let slug = input.slug;
  if (slug && (await slugInUse(db, slug))) throw slugTaken();
  if (!slug) slug = await slugFromTitle(db, input.title);
  const tags = await spelledTags(db, input.tags);
  const id = newId();
  await unlessSlugTaken(
    db
      .insertInto('devotionals')
      .values({
        id,
        slug,
        title: input.title,
        image: input.image,
        tag: tags[0]!,
        tags,
        verses: input.verses,
        detail: input.detail,
        published_at: dueMoment(input.date, now),
        status: 'draft',
        updated_at: now,
      })
      .execute(),
  );
  return findRow(db, id);
}

/** When the public first reads a published devotional: now, or its date when that is ahead. */
const goesLiveAt = (publishedAt: Date, now: Date): Date => (publishedAt.getTime() > now.getTime() ? publishedAt : now);

export async function updateDevotional(
  db: Kysely<Database>,
  id: string,
  input: DevotionalInput,
  now: Date,
): Promise<{ before: Row; after: Row }> {
  const before = await findRow(db, id);
  const locked = slugLocked(before, now);
  // An empty slug is made from the title again, until the public has read it at its slug.
  const slug = input.slug || (locked ? before.slug : await slugFromTitle(db, input.title, id));
  if (locked && slug !== before.slug) throw badRequest(contentMessages.slugLocked, { slug: contentMessages.slugLocked });
  if (slug !== before.slug && input.slug && (await slugInUse(db, slug, id))) throw slugTaken();
  const tags = await spelledTags(db, input.tags);
  const publishedAt = dueMoment(input.date, now, before.published_at);
  // A scheduled devotional moved to another day goes live then (or now, moved to today or before).
  const firstLiveAt = before.status === 'published' && !locked ? goesLiveAt(publishedAt, now) : before.first_live_at;
  await unlessSlugTaken(
    db
      .updateTable('devotionals')
      .set({
        slug,
        title: input.title,
        image: input.image,
        tag: tags[0]!,
        tags,
        verses: input.verses,
        detail: input.detail,
        published_at: publishedAt,
        first_live_at: firstLiveAt,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute(),
  );
  return { before, after: await findRow(db, id) };
}

/** Published: the public reads it from its date (now, for today or a past day). Null when it already was. */
export async function publishDevotional(db: Kysely<Database>, id: string, now: Date): Promise<Row | null> {
  const row = await findRow(db, id);
  if (row.status === 'published') return null;
  const firstLiveAt = slugLocked(row, now) ? row.first_live_at : goesLiveAt(new Date(row.published_at), now);
  await db
    .updateTable('devotionals')
    .set({ status: 'published', first_live_at: firstLiveAt, updated_at: now })
    .where('id', '=', id)
    .execute();
  return findRow(db, id);
}

/** Back to a draft: the public no longer sees it. Null when it already was one. */
export async function unpublishDevotional(db: Kysely<Database>, id: string, now: Date): Promise<Row | null> {
  const row = await findRow(db, id);
  if (row.status === 'draft') return null;
  // Never read by the public (it was scheduled): its slug may still change.
  const firstLiveAt = slugLocked(row, now) ? row.first_live_at : null;
  await db
    .updateTable('devotionals')
    .set({ status: 'draft', first_live_at: firstLiveAt, updated_at: now })
    .where('id', '=', id)
    .execute();
  return findRow(db, id);
}

export async function deleteDevotional(db: Kysely<Database>, id: string): Promise<Row> {
  const row = await findRow(db, id);
  await db.deleteFrom('devotionals').where('id', '=', id).execute();
  return row;
}
