import type { Kysely, Selectable } from 'kysely';
import type { Devotional } from '@ministry/shared/types';
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
    detail: sanitizeRichText(row.detail),
    timestamp: Math.floor(published.getTime() / 1000),
    created_at: new Date(row.created_at).toISOString(),
    createdAt: published.toISOString(),
  };
}

/** Published devotionals, newest first (none dated in the future). */
export async function listDevotionals(db: Kysely<Database>, limit?: number): Promise<Devotional[]> {
  let query = db.selectFrom('devotionals').selectAll().where('published_at', '<=', new Date()).orderBy('published_at', 'desc');
  if (limit) query = query.limit(limit);
  return (await query.execute()).map(toDevotional);
}

/** By id (a UUID) or by slug. */
export async function findDevotional(db: Kysely<Database>, idOrSlug: string): Promise<Devotional | undefined> {
  const row = await db
    .selectFrom('devotionals')
    .selectAll()
    .where(isUuid(idOrSlug) ? 'id' : 'slug', '=', idOrSlug.toLowerCase())
    .where('published_at', '<=', new Date())
    .executeTakeFirst();
  return row && toDevotional(row);
}

export async function listDevotionalsByTag(db: Kysely<Database>, tag: string): Promise<Devotional[]> {
  const rows = await db
    .selectFrom('devotionals')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['tag']), '=', tag.toLowerCase()))
    .where('published_at', '<=', new Date())
    .orderBy('published_at', 'desc')
    .execute();
  return rows.map(toDevotional);
}
