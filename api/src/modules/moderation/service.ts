import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import type { PostStatus } from '../community/visibility.js';

export const POST_KINDS = ['prayers', 'stories', 'comments'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export interface PendingPost {
  _id: string;
  kind: PostKind;
  text: string;
  date: string;
  user: { _id: string; firstname: string; lastname: string; email: string };
  /** For a comment: the story it answers. */
  story?: { _id: string; content: string; status: PostStatus };
}

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
export async function listPending(db: Kysely<Database>, options: { kind?: PostKind; after?: QueueCursor } = {}): Promise<PendingPage> {
  const author = ['u.id as user_id', 'u.firstname', 'u.lastname', 'u.email'] as const;
  const wanted = (kind: PostKind) => options.kind === undefined || options.kind === kind;
  const after = options.after ? { date: new Date(options.after.date), id: options.after.id } : undefined;
  const afterCursor = (table: string) =>
    after ? sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) > (${after.date}, ${after.id})` : sql<boolean>`true`;
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
          .select(['c.id', 'c.text', 'c.created_at', 's.id as story_id', 's.content as story_content', 's.status as story_status', ...author])
          .where('c.status', '=', 'pending')
          .where(afterCursor('c'))
          .orderBy('c.created_at')
          .orderBy('c.id')
          .limit(PAGE_SIZE)
          .execute()
      : none,
    pendingTotals(db),
  ]);
  const base = (kind: PostKind, r: { id: string; text: string; created_at: Date; user_id: string; firstname: string; lastname: string; email: string }) => ({
    _id: r.id,
    kind,
    text: r.text,
    date: new Date(r.created_at).toISOString(),
    user: { _id: r.user_id, firstname: r.firstname, lastname: r.lastname, email: r.email },
  });
  return {
    prayers: prayers.map((r) => base('prayers', r)),
    stories: stories.map((r) => base('stories', r)),
    comments: comments.map((r) => ({
      ...base('comments', r),
      story: { _id: r.story_id, content: r.story_content, status: r.story_status },
    })),
    totals,
  };
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
    POST_KINDS.map((kind) => db.updateTable(kind).set({ status: 'rejected' }).where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst()),
  );
  return Object.fromEntries(POST_KINDS.map((kind, i) => [kind, Number(results[i].numUpdatedRows)])) as Record<PostKind, number>;
}

/** Publishes or rejects one post; false when there is no such post. */
export async function setPostStatus(db: Kysely<Database>, kind: PostKind, id: string, status: 'published' | 'rejected'): Promise<boolean> {
  const result = await db.updateTable(kind).set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
