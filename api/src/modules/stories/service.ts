import { sql, type Kysely } from 'kysely';
import type { Comment, Story } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';

interface ListOptions {
  /** The signed-in member looking, for `userLikesThis`. */
  viewerId?: string | null;
  orderBy?: 'recent' | 'likes';
  limit?: number;
}

/** Published stories with authors, like counts and published comments. */
export async function listStories(db: Kysely<Database>, options: ListOptions = {}): Promise<Story[]> {
  const { viewerId = null, orderBy = 'recent', limit = 100 } = options;
  let query = db
    .selectFrom('stories as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.content',
      's.status',
      's.created_at',
      'u.id as user_id',
      'u.firstname',
      'u.lastname',
      'u.photo',
      sql<number>`(SELECT count(*)::int FROM story_likes l WHERE l.story_id = s.id)`.as('nb_likes'),
      sql<boolean>`EXISTS (SELECT 1 FROM story_likes l WHERE l.story_id = s.id AND l.user_id = ${viewerId ?? ''})`.as('liked'),
    ])
    .where('s.status', '=', 'published');
  query =
    orderBy === 'likes'
      ? query.orderBy('nb_likes', 'desc').orderBy('s.created_at', 'desc')
      : query.orderBy('s.created_at', 'desc');
  const rows = await query.limit(limit).execute();
  const comments = await commentsFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    _id: r.id,
    content: r.content,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    nbLikes: Number(r.nb_likes),
    userLikesThis: Boolean(r.liked),
    user: { _id: r.user_id, firstname: r.firstname, lastname: r.lastname, photo: r.photo },
    comments: comments.get(r.id) ?? [],
  }));
}

async function commentsFor(db: Kysely<Database>, storyIds: string[]): Promise<Map<string, Comment[]>> {
  const byStory = new Map<string, Comment[]>();
  if (!storyIds.length) return byStory;
  const rows = await db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.story_id', 'c.text', 'c.status', 'c.created_at', 'u.id as user_id', 'u.firstname', 'u.lastname', 'u.photo'])
    .where('c.story_id', 'in', storyIds)
    .where('c.status', '=', 'published')
    .orderBy('c.created_at')
    .execute();
  for (const r of rows) {
    const list = byStory.get(r.story_id) ?? [];
    list.push({
      _id: r.id,
      text: r.text,
      status: r.status,
      date: new Date(r.created_at).toISOString(),
      user: { _id: r.user_id, firstname: r.firstname, lastname: r.lastname, photo: r.photo },
    });
    byStory.set(r.story_id, list);
  }
  return byStory;
}
