/** A member's own posts (prayers, stories, comments) in every state, to see, correct (while waiting, or to resend when not published), and delete. */
import type { Kysely } from 'kysely';
import type { MyPost, PostKind } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';

export const POST_KINDS: readonly PostKind[] = ['prayers', 'stories', 'comments'];

/** The column that holds a post's words. */
export const textColumn = (kind: PostKind): 'text' | 'content' => (kind === 'stories' ? 'content' : 'text');

/** Every post of the member, newest first, with its state and, when not published, the moderator's reason. */
export async function listMyPosts(db: Kysely<Database>, userId: string): Promise<MyPost[]> {
  const [prayers, stories, comments] = await Promise.all([
    db
      .selectFrom('prayers')
      .select(['id', 'text', 'status', 'created_at', 'moderation_reason', 'anonymous'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('stories')
      .select(['id', 'content as text', 'status', 'created_at', 'moderation_reason'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('comments as c')
      .innerJoin('stories as s', 's.id', 'c.story_id')
      .select([
        'c.id',
        'c.text',
        'c.status',
        'c.created_at',
        'c.moderation_reason',
        's.id as story_id',
        's.content as story_content',
      ])
      .where('c.user_id', '=', userId)
      .orderBy('c.created_at', 'desc')
      .limit(200)
      .execute(),
  ]);
  const base = (
    kind: PostKind,
    r: { id: string; text: string; status: MyPost['status']; created_at: Date; moderation_reason: string | null },
  ) => ({
    _id: r.id,
    kind,
    text: r.text,
    status: r.status,
    date: new Date(r.created_at).toISOString(),
    reason: r.status === 'rejected' ? (r.moderation_reason ?? null) : null,
  });
  return [
    ...prayers.map((r) => ({ ...base('prayers', r), anonymous: r.anonymous })),
    ...stories.map((r) => base('stories', r)),
    ...comments.map((r) => ({ ...base('comments', r), story: { _id: r.story_id, excerpt: r.story_content.slice(0, 80) } })),
  ].sort((a, b) => b.date.localeCompare(a.date));
}

/** The author and state of a post, or undefined. */
export async function postOwner(
  db: Kysely<Database>,
  kind: PostKind,
  id: string,
): Promise<{ user_id: string; status: string } | undefined> {
  return db.selectFrom(kind).select(['user_id', 'status']).where('id', '=', id).executeTakeFirst();
}

/**
 * Replaces the words of a post that still waits for review, or of one a
 * moderator did not publish: a corrected post goes back to review (its old
 * reason is dropped). Answers the post's state after, or undefined when it
 * is published (no longer the author's to change).
 */
export async function editOwn(
  db: Kysely<Database>,
  kind: PostKind,
  id: string,
  userId: string,
  text: string,
): Promise<'pending' | undefined> {
  const result = await db
    .updateTable(kind)
    .set({ [textColumn(kind)]: text, status: 'pending', moderation_reason: null })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'rejected'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? 'pending' : undefined;
}

/** Deletes a member's own post (its likes, comments and prayers go with it). */
export async function deleteOwn(db: Kysely<Database>, kind: PostKind, id: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom(kind).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a moderator stopped the member from posting (the staff are never refused: see assertMayPost). */
export async function postingStopped(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('posting_blocked_at').where('id', '=', userId).executeTakeFirst();
  return !!row?.posting_blocked_at;
}
