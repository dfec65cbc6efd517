import { sql, type Kysely } from 'kysely';
import type { PrayedAnswer, Prayer } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { pageWindow, pagingOf, type PageQuery, type Paging } from '../../lib/paging.js';
import { visibleTo, type PostStatus } from '../community/visibility.js';

/** Who reads the prayers: the signed-in member (or nobody), and whether they are staff. */
export interface PrayerViewer {
  id: string | null;
  staff?: boolean;
}

function prayersWithCounts(db: Kysely<Database>, viewerId: string | null) {
  return db
    .selectFrom('prayers as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.text',
      'p.status',
      'p.created_at',
      'p.anonymous',
      'p.answered_at',
      'p.answer_note',
      'u.id as user_id',
      'u.firstname',
      'u.lastname',
      'u.photo',
      (eb) =>
        eb
          .selectFrom('prayer_prayed as pp')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('pp.prayer_id', '=', 'p.id')
          .as('prayed_count'),
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('prayer_prayed as mine')
              .select('mine.prayer_id')
              .whereRef('mine.prayer_id', '=', 'p.id')
              .where('mine.user_id', '=', viewerId ?? ''),
          )
          .as('i_prayed'),
      (eb) =>
        eb
          .selectFrom('stories as s')
          .select('s.id')
          .whereRef('s.prayer_id', '=', 'p.id')
          .where('s.status', '=', 'published')
          .orderBy('s.created_at')
          .limit(1)
          .as('story_id'),
    ]);
}

type PrayerRow = Awaited<ReturnType<ReturnType<typeof prayersWithCounts>['executeTakeFirstOrThrow']>>;

/**
 * A prayer as `viewer` may see it: one posted without a name shows no trace
 * of its author (no name, id or photo) but to the author and to staff.
 */
function toPrayer(r: PrayerRow, viewer: PrayerViewer): Prayer {
  const named = !r.anonymous || viewer.staff === true || (viewer.id !== null && viewer.id === r.user_id);
  return {
    _id: r.id,
    text: r.text,
    status: r.status,
    date: new Date(r.created_at).toISOString(),
    user: named ? { _id: r.user_id, firstname: r.firstname, lastname: r.lastname, photo: r.photo } : null,
    anonymous: r.anonymous,
    prayedCount: Number(r.prayed_count ?? 0),
    iPrayed: Boolean(r.i_prayed),
    answered: r.answered_at ? { date: new Date(r.answered_at).toISOString(), note: r.answer_note ?? '' } : null,
    storyId: r.story_id ?? null,
  };
}

/** How many prayers a page of the wall holds (the spec's list call answers the first page). */
export const PRAYERS_PAGE = 24;

/**
 * Prayers, newest first, with their authors, a page at a time: the published
 * ones, plus the viewer's own that still wait for review.
 */
export async function listPrayers(
  db: Kysely<Database>,
  options: { viewer?: PrayerViewer } & PageQuery = {},
): Promise<{ data: Prayer[]; paging: Paging }> {
  const { viewer = { id: null } } = options;
  const { page, pageSize, offset } = pageWindow(options, PRAYERS_PAGE);
  const [rows, count] = await Promise.all([
    prayersWithCounts(db, viewer.id)
      .where(visibleTo('p', viewer.id))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    db
      .selectFrom('prayers as p')
      .select(sql<string>`count(*)`.as('n'))
      .where(visibleTo('p', viewer.id))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map((r) => toPrayer(r, viewer)), paging: pagingOf(page, pageSize, Number(count.n)) };
}

/** One prayer the viewer may see, or undefined. */
export async function findPrayer(db: Kysely<Database>, id: string, viewer: PrayerViewer): Promise<Prayer | undefined> {
  const row = await prayersWithCounts(db, viewer.id).where('p.id', '=', id).where(visibleTo('p', viewer.id)).executeTakeFirst();
  return row && toPrayer(row, viewer);
}

/** Saves a prayer (text already validated and sanitized) and answers it as the lists show it. */
export async function createPrayer(
  db: Kysely<Database>,
  input: { userId: string; text: string; status: PostStatus; anonymous?: boolean },
): Promise<Prayer> {
  const id = newId();
  await db
    .insertInto('prayers')
    .values({
      id,
      user_id: input.userId,
      text: input.text,
      status: input.status,
      anonymous: input.anonymous ?? false,
      // The weekly summary is for requests with a name; one without may turn it on.
      summary_mail: !(input.anonymous ?? false),
    })
    .execute();
  const prayer = await findPrayer(db, id, { id: input.userId });
  if (!prayer) throw new Error('the new prayer was not found');
  return prayer;
}

/**
 * "I prayed": the member counts once per prayer. `wanted` is the state asked
 * for (so a repeated call cannot undo itself); without it a press toggles.
 * The (prayer, member) key keeps even simultaneous presses to one row.
 */
export async function setPrayed(
  db: Kysely<Database>,
  prayerId: string,
  userId: string,
  wanted?: boolean,
  now = new Date(),
): Promise<PrayedAnswer> {
  let iPrayed = false;
  if (wanted !== false) {
    const added = await db
      .insertInto('prayer_prayed')
      .values({ prayer_id: prayerId, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['prayer_id', 'user_id']).doNothing())
      .returning('prayer_id')
      .executeTakeFirst();
    iPrayed = !!added || wanted === true;
  }
  if (!iPrayed) await db.deleteFrom('prayer_prayed').where('prayer_id', '=', prayerId).where('user_id', '=', userId).execute();
  const { n } = await db
    .selectFrom('prayer_prayed')
    .select(sql<string>`count(*)`.as('n'))
    .where('prayer_id', '=', prayerId)
    .executeTakeFirstOrThrow();
  return { prayedCount: Number(n), iPrayed };
}

/** The requester marks their prayer answered (again: the note is replaced). Answers the prayer as they see it. */
export async function markAnswered(
  db: Kysely<Database>,
  prayerId: string,
  userId: string,
  note: string,
): Promise<Prayer | undefined> {
  await db
    .updateTable('prayers')
    .set((eb) => ({ answered_at: eb.fn.coalesce('answered_at', sql<Date>`now()`), answer_note: note }))
    .where('id', '=', prayerId)
    .where('user_id', '=', userId)
    .execute();
  return findPrayer(db, prayerId, { id: userId });
}

/** The author of a prayer, or undefined for an unknown prayer. */
export async function prayerAuthor(db: Kysely<Database>, prayerId: string): Promise<string | undefined> {
  return (await db.selectFrom('prayers').select('user_id').where('id', '=', prayerId).executeTakeFirst())?.user_id;
}
