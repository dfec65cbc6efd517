import { sql, type Kysely } from 'kysely';
import type { PendingPostContract, Static } from '@ministry/shared/contracts';
import type { Database } from '../../db/index.js';
import { newId } from '../../lib/ids.js';

export const POST_KINDS = ['prayers', 'stories', 'comments'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** A post waiting for review, as admins see it. */
export type PendingPost = Static<typeof PendingPostContract>;

/** Posts of each kind in one page of the queue. */
export const PAGE_SIZE = 50;

/** Where a page of the queue starts: after this post (oldest first: by date, then id). */
export interface QueueCursor {
  date: string;
  id: string;
}

export type PendingPage = Record<PostKind, PendingPost[]> & { totals: Record<PostKind, number> };

/**
 * The posts waiting for review, oldest first: the first page of each kind
 * and how many wait in all, or (with `kind` and `after`) the next page of one kind.
 */
export async function listPending(
  db: Kysely<Database>,
  options: { kind?: PostKind; after?: QueueCursor } = {},
): Promise<PendingPage> {
  const author = ['u.id as user_id', 'u.firstname', 'u.lastname', 'u.email'] as const;
  const wanted = (kind: PostKind) => options.kind === undefined || options.kind === kind;
  const after = options.after ? { date: new Date(options.after.date), id: options.after.id } : undefined;
  const afterCursor = (table: string) =>
    after
      ? sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) > (${after.date}, ${after.id})`
      : sql<boolean>`true`;
  const none = Promise.resolve([]);
  const [prayers, stories, comments, totals] = await Promise.all([
    wanted('prayers')
      ? db
          .selectFrom('prayers as p')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .select(['p.id', 'p.text', 'p.created_at', ...author])
          .where('p.status', '=', 'pending')
          .where(afterCursor('p'))
          .orderBy('p.created_at')
          .orderBy('p.id')
          .limit(PAGE_SIZE)
          .execute()
      : none,
    wanted('stories')
      ? db
          .selectFrom('stories as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select(['s.id', 's.content as text', 's.created_at', ...author])
          .where('s.status', '=', 'pending')
          .where(afterCursor('s'))
          .orderBy('s.created_at')
          .orderBy('s.id')
          .limit(PAGE_SIZE)
          .execute()
      : none,
    wanted('comments')
      ? db
          .selectFrom('comments as c')
          .innerJoin('users as u', 'u.id', 'c.user_id')
          .innerJoin('stories as s', 's.id', 'c.story_id')
          .select([
            'c.id',
            'c.text',
            'c.created_at',
            's.id as story_id',
            's.content as story_content',
            's.status as story_status',
            ...author,
          ])
          .where('c.status', '=', 'pending')
          .where(afterCursor('c'))
          .orderBy('c.created_at')
          .orderBy('c.id')
          .limit(PAGE_SIZE)
          .execute()
      : none,
    pendingTotals(db),
  ]);
  const base = (
    kind: PostKind,
    r: { id: string; text: string; created_at: Date; user_id: string; firstname: string; lastname: string; email: string },
  ) => ({
    _id: r.id,
    kind,
    text: r.text,
    date: new Date(r.created_at).toISOString(),
    user: { _id: r.user_id, firstname: r.firstname, lastname: r.lastname, email: r.email },
  });
  const reports = await openReports(
    db,
    [...prayers, ...stories, ...comments].map((r) => r.id),
  );
  const withReports = <T extends { _id: string }>(post: T) => ({ ...post, reports: reports.get(post._id) ?? [] });
  return {
    prayers: prayers.map((r) => withReports(base('prayers', r))),
    stories: stories.map((r) => withReports(base('stories', r))),
    comments: comments.map((r) =>
      withReports({
        ...base('comments', r),
        story: { _id: r.story_id, content: r.story_content, status: r.story_status },
      }),
    ),
    totals,
  };
}

/** The reports not yet dealt with, by post id. */
async function openReports(db: Kysely<Database>, postIds: string[]): Promise<Map<string, { reason: string; date: string }[]>> {
  const byPost = new Map<string, { reason: string; date: string }[]>();
  if (!postIds.length) return byPost;
  const rows = await db
    .selectFrom('post_reports')
    .select(['post_id', 'reason', 'created_at'])
    .where('post_id', 'in', postIds)
    .where('resolved_at', 'is', null)
    .orderBy('created_at')
    .execute();
  for (const r of rows)
    byPost.set(r.post_id, [...(byPost.get(r.post_id) ?? []), { reason: r.reason, date: new Date(r.created_at).toISOString() }]);
  return byPost;
}

/** Reports a member may make in a day. */
export const REPORTS_PER_DAY = 10;

/**
 * A member reports a published post: it goes back to review (the author
 * still sees it) with the report. Answers false for a post that is not
 * published; a member reports a post once.
 */
export async function reportPost(
  db: Kysely<Database>,
  kind: PostKind,
  id: string,
  userId: string,
  reason: string,
): Promise<boolean> {
  const post = await db.selectFrom(kind).select(['status', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!post || (post.status !== 'published' && post.status !== 'pending')) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('post_reports')
      .values({ id: newId(), kind, post_id: id, user_id: userId, reason })
      .onConflict((oc) => oc.columns(['kind', 'post_id', 'user_id']).doNothing())
      .execute();
    await trx.updateTable(kind).set({ status: 'pending' }).where('id', '=', id).where('status', '=', 'published').execute();
  });
  return true;
}

/** How many reports the member made in the last day. */
export async function reportsToday(db: Kysely<Database>, userId: string): Promise<number> {
  const { n } = await db
    .selectFrom('post_reports')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(Date.now() - 24 * 3600_000))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** How many posts of each kind wait for review. */
async function pendingTotals(db: Kysely<Database>): Promise<Record<PostKind, number>> {
  const counts = await Promise.all(
    POST_KINDS.map((kind) =>
      db
        .selectFrom(kind)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
    ),
  );
  return Object.fromEntries(POST_KINDS.map((kind, i) => [kind, Number(counts[i].n)])) as Record<PostKind, number>;
}

/** Rejects every post of one member still waiting for review; answers how many of each kind. */
export async function rejectPendingOf(db: Kysely<Database>, userId: string): Promise<Record<PostKind, number>> {
  const results = await Promise.all(
    POST_KINDS.map((kind) =>
      db
        .updateTable(kind)
        .set({ status: 'rejected' })
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst(),
    ),
  );
  return Object.fromEntries(POST_KINDS.map((kind, i) => [kind, Number(results[i].numUpdatedRows)])) as Record<PostKind, number>;
}

/**
 * Publishes or rejects one post (rejecting a published one hides it), with
 * the moderator's reason for the author; its open reports are then dealt
 * with. Answers the post's author and words and whether it was on the site,
 * or undefined when there is no such post.
 */
export async function setPostStatus(
  db: Kysely<Database>,
  kind: PostKind,
  id: string,
  status: 'published' | 'rejected',
  reason: string | null = null,
): Promise<{ userId: string; text: string; wasPublished: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom(kind).select('status').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) return undefined;
    const row = await trx
      .updateTable(kind)
      .set({ status, moderation_reason: status === 'rejected' ? reason : null })
      .where('id', '=', id)
      .returning(['user_id', kind === 'stories' ? 'content as text' : 'text'])
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('post_reports')
      .set({ resolved_at: new Date() })
      .where('kind', '=', kind)
      .where('post_id', '=', id)
      .where('resolved_at', 'is', null)
      .execute();
    return { userId: row.user_id, text: (row as unknown as { text: string }).text, wasPublished: before.status === 'published' };
  });
}

/** A member's full name, or undefined when there is no such member. */
export async function memberName(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select(['firstname', 'lastname']).where('id', '=', userId).executeTakeFirst();
  return row ? `${row.firstname} ${row.lastname}`.trim() : undefined;
}

/** Stops a member from posting (or lets them again). False for an unknown member. */
export async function setPostingStopped(db: Kysely<Database>, userId: string, stopped: boolean): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ posting_blocked_at: stopped ? new Date() : null })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
