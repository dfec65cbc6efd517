/** The staff's activity log: every change made on a staff page, who made it, when. */
import type { Kysely } from 'kysely';
import type { ActivityPage } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import type { SessionUser } from '../../lib/sessionUser.js';
import { newId } from '../../lib/ids.js';

export interface ActivityEntry {
  /** What was done: 'created', 'updated', 'published', 'deleted', 'cancelled', 'role changed', … */
  action: string;
  /** What it was done to: 'devotional', 'event', 'member', … */
  subjectType: string;
  subjectId?: string | null;
  /** One line a person reads: 'Devotional "Walking in the light" published'. */
  summary: string;
}

/** Records a staff change (call it in the same request that made the change). */
export async function recordActivity(db: Kysely<Database>, actor: SessionUser, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activity_log')
    .values({
      id: newId(),
      actor_id: actor.id,
      actor_name: `${actor.firstname} ${actor.lastname}`.trim(),
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId ?? null,
      summary: entry.summary.slice(0, 500),
    })
    .execute();
}

/** Records a change the site made by itself (no member made it), under `name` ("The site"). */
export async function recordSystemActivity(db: Kysely<Database>, name: string, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activity_log')
    .values({
      id: newId(),
      actor_id: null,
      actor_name: name,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId ?? null,
      summary: entry.summary.slice(0, 500),
    })
    .execute();
}

export const ACTIVITY_PAGE = 50;

/** The newest changes first, a page at a time (`before`: the `next` of the previous page). */
export async function listActivity(
  db: Kysely<Database>,
  { before, subjectType }: { before?: string; subjectType?: string } = {},
): Promise<ActivityPage> {
  let query = db
    .selectFrom('activity_log')
    .selectAll()
    .orderBy('seq', 'desc')
    .limit(ACTIVITY_PAGE + 1);
  if (subjectType) query = query.where('subject_type', '=', subjectType);
  if (before) query = query.where('seq', '<', before);
  const rows = await query.execute();
  const page = rows.slice(0, ACTIVITY_PAGE);
  const items = page.map((row) => ({
    _id: row.id,
    at: new Date(row.at).toISOString(),
    actor: { _id: row.actor_id, name: row.actor_name },
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    summary: row.summary,
  }));
  const last = page.at(-1);
  return { items, next: rows.length > ACTIVITY_PAGE && last ? String(last.seq) : null };
}
