import type { Kysely } from 'kysely';
import type { Comment } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import type { PostStatus } from '../community/visibility.js';

/** Saves a comment on a story (text already validated and sanitized) and answers it as the lists show it. */
export async function createComment(
  db: Kysely<Database>,
  input: { storyId: string; userId: string; text: string; status: PostStatus },
): Promise<Comment> {
  const id = newId();
  await db
    .insertInto('comments')
    .values({ id, story_id: input.storyId, user_id: input.userId, text: input.text, status: input.status })
    .execute();
  const r = await db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.text', 'c.status', 'c.created_at', 'u.id as user_id', 'u.firstname', 'u.lastname', 'u.photo'])
    .where('c.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    _id: r.id,
    text: r.text,
    status: r.status,
    date: new Date(r.created_at).toISOString(),
    user: { _id: r.user_id, firstname: r.firstname, lastname: r.lastname, photo: r.photo },
  };
}
