import type { Kysely } from 'kysely';
import type { Prayer } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';

/** Published prayers, newest first, with their authors. */
export async function listPrayers(db: Kysely<Database>, limit = 100): Promise<Prayer[]> {
  const rows = await db
    .selectFrom('prayers as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.text', 'p.status', 'p.created_at', 'u.id as user_id', 'u.firstname', 'u.lastname', 'u.photo'])
    .where('p.status', '=', 'published')
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    text: r.text,
    status: r.status,
    date: new Date(r.created_at).toISOString(),
    user: { _id: r.user_id, firstname: r.firstname, lastname: r.lastname, photo: r.photo },
  }));
}
