import type { Kysely } from 'kysely';
import type { Prayer } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { visibleTo, type PostStatus } from '../community/visibility.js';

const prayerColumns = ['p.id', 'p.text', 'p.status', 'p.created_at', 'u.id as user_id', 'u.firstname', 'u.lastname', 'u.photo'] as const;

type PrayerRow = {
  id: string;
  text: string;
  status: PostStatus;
  created_at: Date;
  user_id: string;
  firstname: string;
  lastname: string;
  photo: string | null;
};

const toPrayer = (r: PrayerRow): Prayer => ({
  _id: r.id,
  text: r.text,
  status: r.status,
  date: new Date(r.created_at).toISOString(),
  user: { _id: r.user_id, firstname: r.firstname, lastname: r.lastname, photo: r.photo },
});

/**
 * Prayers, newest first, with their authors: the published ones, plus the
 * viewer's own that still wait for review.
 */
export async function listPrayers(db: Kysely<Database>, options: { viewerId?: string | null; limit?: number } = {}): Promise<Prayer[]> {
  const { viewerId = null, limit = 100 } = options;
  const rows = await db
    .selectFrom('prayers as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(prayerColumns)
    .where(visibleTo('p', viewerId))
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPrayer);
}

/** Saves a prayer (text already validated and sanitized) and answers it as the lists show it. */
export async function createPrayer(db: Kysely<Database>, input: { userId: string; text: string; status: PostStatus }): Promise<Prayer> {
  const id = newId();
  await db.insertInto('prayers').values({ id, user_id: input.userId, text: input.text, status: input.status }).execute();
  const row = await db
    .selectFrom('prayers as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(prayerColumns)
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
  return toPrayer(row);
}
