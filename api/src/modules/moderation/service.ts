import type { Kysely } from 'kysely';
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

const OLDEST_FIRST_LIMIT = 200;

/** Every post waiting for review, oldest first in each kind. */
export async function listPending(db: Kysely<Database>): Promise<Record<PostKind, PendingPost[]>> {
  const author = ['u.id as user_id', 'u.firstname', 'u.lastname', 'u.email'] as const;
  const [prayers, stories, comments] = await Promise.all([
    db
      .selectFrom('prayers as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.text', 'p.created_at', ...author])
      .where('p.status', '=', 'pending')
      .orderBy('p.created_at')
      .limit(OLDEST_FIRST_LIMIT)
      .execute(),
    db
      .selectFrom('stories as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.content as text', 's.created_at', ...author])
      .where('s.status', '=', 'pending')
      .orderBy('s.created_at')
      .limit(OLDEST_FIRST_LIMIT)
      .execute(),
    db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('stories as s', 's.id', 'c.story_id')
      .select(['c.id', 'c.text', 'c.created_at', 's.id as story_id', 's.content as story_content', 's.status as story_status', ...author])
      .where('c.status', '=', 'pending')
      .orderBy('c.created_at')
      .limit(OLDEST_FIRST_LIMIT)
      .execute(),
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
  };
}

/** Publishes or rejects one post; false when there is no such post. */
export async function setPostStatus(db: Kysely<Database>, kind: PostKind, id: string, status: 'published' | 'rejected'): Promise<boolean> {
  const result = await db.updateTable(kind).set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
