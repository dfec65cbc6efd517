/**
 * The requester's updates under their prayer request ("The surgery went
 * well, keep praying for the recovery"): posted by the requester only, on a
 * request that is on the wall, moderated like the request itself. The wall
 * shows the published ones; the requester also sees their own waiting or
 * not published (with the moderator's reason).
 */
import type { Kysely } from 'kysely';
import type { PendingPrayerUpdate, PrayerUpdate } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import type { PostStatus } from '../community/visibility.js';

const toUpdate = (r: {
  id: string;
  prayer_id: string;
  text: string;
  status: PostStatus;
  created_at: Date;
  moderation_reason: string | null;
}): PrayerUpdate => ({
  _id: r.id,
  prayer: r.prayer_id,
  text: r.text,
  status: r.status,
  date: new Date(r.created_at).toISOString(),
  reason: r.moderation_reason,
});

export async function createUpdate(
  db: Kysely<Database>,
  input: { prayerId: string; userId: string; text: string; status: PostStatus; now: Date },
): Promise<PrayerUpdate> {
  const row = await db
    .insertInto('prayer_updates')
    .values({
      id: newId(),
      prayer_id: input.prayerId,
      user_id: input.userId,
      text: input.text,
      status: input.status,
      created_at: input.now,
    })
    .returning(['id', 'prayer_id', 'text', 'status', 'created_at', 'moderation_reason'])
    .executeTakeFirstOrThrow();
  return toUpdate(row);
}

/**
 * The updates under each of `prayerIds`, oldest first: the published ones,
 * and the viewer's own in any state (staff see every one).
 */
export async function updatesOf(
  db: Kysely<Database>,
  prayerIds: string[],
  viewer: { id: string | null; staff?: boolean },
): Promise<Record<string, PrayerUpdate[]>> {
  const byPrayer: Record<string, PrayerUpdate[]> = Object.fromEntries(prayerIds.map((id) => [id, []]));
  if (!prayerIds.length) return byPrayer;
  const rows = await db
    .selectFrom('prayer_updates')
    .select(['id', 'prayer_id', 'user_id', 'text', 'status', 'created_at', 'moderation_reason'])
    .where('prayer_id', 'in', prayerIds)
    .where((eb) => (viewer.staff ? eb.lit(true) : eb.or([eb('status', '=', 'published'), eb('user_id', '=', viewer.id ?? '')])))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const update = toUpdate(r);
    // The reason is for the author.
    byPrayer[r.prayer_id]!.push(r.user_id === viewer.id ? update : { ...update, reason: null });
  }
  return byPrayer;
}

/** Updates waiting for review, oldest first, with their request and author (for the moderators). */
export async function pendingUpdates(
  db: Kysely<Database>,
  limit = 50,
): Promise<{ total: number; updates: Omit<PendingPrayerUpdate, 'version'>[] }> {
  const rows = await db
    .selectFrom('prayer_updates as pu')
    .innerJoin('prayers as p', 'p.id', 'pu.prayer_id')
    .innerJoin('users as u', 'u.id', 'pu.user_id')
    .select([
      'pu.id',
      'pu.text',
      'pu.created_at',
      'p.id as prayer_id',
      'p.text as prayer_text',
      'u.id as user_id',
      'u.firstname',
      'u.lastname',
      'u.email',
    ])
    .where('pu.status', '=', 'pending')
    .orderBy('pu.created_at')
    .orderBy('pu.id')
    .limit(limit)
    .execute();
  const { n } = await db
    .selectFrom('prayer_updates')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return {
    total: Number(n),
    updates: rows.map((r) => ({
      _id: r.id,
      text: r.text,
      date: new Date(r.created_at).toISOString(),
      prayer: { _id: r.prayer_id, text: r.prayer_text },
      user: { _id: r.user_id, firstname: r.firstname, lastname: r.lastname, email: r.email },
    })),
  };
}
