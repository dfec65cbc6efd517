import { sql, type Kysely, type Selectable } from 'kysely';
import type { Devotional, Paging } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import type { DevotionalsTable } from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';
import { sanitizeRichText } from '../../lib/sanitize.js';

/**
 * The answer shape. The body is sanitized here, on the way out, as well as when
 * it is stored: rows written by other means (a database console, an import)
 * are served safe too. Lists are cached (answerCache), so this costs little.
 */
export function toDevotional(row: Selectable<DevotionalsTable>): Devotional {
  const published = new Date(row.published_at);
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    image: row.image,
    tag: row.tag,
    tags: row.tags.length ? row.tags : [row.tag],
    verses: row.verses,
    detail: sanitizeRichText(row.detail),
    timestamp: Math.floor(published.getTime() / 1000),
    created_at: new Date(row.created_at).toISOString(),
    createdAt: published.toISOString(),
  };
}

/**
 * What the public may read at `now` (the site's clock): published, and due
 * (a scheduled devotional appears on its date). Never a draft.
 */
function visible(db: Kysely<Database>, now: Date) {
  return db.selectFrom('devotionals').selectAll().where('status', '=', 'published').where('published_at', '<=', now);
}

/** Whether a devotional has `tag` among its tags, or as its first (a row written by other means may lack `tags`); any case. */
export const hasTag = (tag: string) =>
  sql<boolean>`(lower(tag) = ${tag.toLowerCase()} or exists (select 1 from unnest(tags) as t(name) where lower(t.name) = ${tag.toLowerCase()}))`;

/** How many devotionals a page of a list holds (the spec's list calls answer the first page). */
export const DEVOTIONALS_PAGE = 12;

export interface DevotionalQuery {
  page?: number;
  pageSize?: number;
  /** Words of the title. */
  q?: string;
  tag?: string;
}

/** `%`, `_` and `\` mean themselves in a search. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Published devotionals (none dated after `now`), newest first, a page at a time; searched by title, narrowed to a tag. */
export async function listDevotionals(
  db: Kysely<Database>,
  now: Date,
  query: DevotionalQuery = {},
): Promise<{ data: Devotional[]; paging: Paging }> {
  const pageSize = query.pageSize ?? DEVOTIONALS_PAGE;
  const page = Math.max(1, query.page ?? 1);
  let rows = visible(db, now);
  const q = query.q?.trim();
  if (q) rows = rows.where(sql<boolean>`title ilike ${likePattern(q)}`);
  if (query.tag) rows = rows.where(hasTag(query.tag));
  const [items, count] = await Promise.all([
    rows
      .orderBy('published_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    rows
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { data: items.map(toDevotional), paging: { page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) } };
}

/** The tags of the published devotionals, the most used first. */
export async function listDevotionalTags(db: Kysely<Database>, now: Date, limit = 40): Promise<{ tag: string; count: number }[]> {
  const { rows } = await sql<{ tag: string; count: string }>`
    SELECT min(name) AS tag, count(*) AS count
    FROM devotionals, unnest(CASE WHEN cardinality(tags) > 0 THEN tags ELSE ARRAY[tag] END) AS t(name)
    WHERE status = 'published' AND published_at <= ${now}
    GROUP BY lower(name)
    ORDER BY count(*) DESC, lower(name)
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}

/** By id (a UUID) or by slug. */
export async function findDevotional(db: Kysely<Database>, idOrSlug: string, now: Date): Promise<Devotional | undefined> {
  const row = await visible(db, now)
    .where(isUuid(idOrSlug) ? 'id' : 'slug', '=', idOrSlug.toLowerCase())
    .executeTakeFirst();
  return row && toDevotional(row);
}

/** When the next scheduled devotional becomes due (null: none is scheduled). */
export async function nextDevotionalDue(db: Kysely<Database>, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('devotionals')
    .select((eb) => eb.fn.min('published_at').as('next'))
    .where('status', '=', 'published')
    .where('published_at', '>', now)
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}
