import { sql, type Kysely } from 'kysely';
import type { Comment, Story } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { pageWindow, pagingOf, type PageQuery, type Paging } from '../../lib/paging.js';
import { visibleTo, type PostStatus } from '../community/visibility.js';

/** How many stories a page holds (the spec's list call answers the first page). */
export const STORIES_PAGE = 20;

interface ListOptions {
  /** The signed-in member looking, for `userLikesThis`. */
  viewerId?: string | null;
  orderBy?: 'recent' | 'likes';
  limit?: number;
  /** Only published stories, whoever looks (the best stories). */
  publishedOnly?: boolean;
  /** Only this story. */
  id?: string;
  /** How many of the list to skip (a later page). */
  offset?: number;
}

/**
 * Stories with authors, like counts and comments: the published ones, plus
 * the viewer's own awaiting review (and the same rule for their comments).
 */
export async function listStories(db: Kysely<Database>, options: ListOptions = {}): Promise<Story[]> {
  const { viewerId = null, orderBy = 'recent', limit = STORIES_PAGE, publishedOnly = false, id, offset = 0 } = options;
  let query = db
    .selectFrom('stories as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.content',
      's.status',
      's.created_at',
      's.prayer_id',
      'u.id as user_id',
      'u.firstname',
      'u.lastname',
      'u.photo',
      sql<number>`(SELECT count(*)::int FROM story_likes l WHERE l.story_id = s.id)`.as('nb_likes'),
      sql<boolean>`EXISTS (SELECT 1 FROM story_likes l WHERE l.story_id = s.id AND l.user_id = ${viewerId ?? ''})`.as('liked'),
    ])
    .where(visibleTo('s', publishedOnly ? null : viewerId));
  if (id) query = query.where('s.id', '=', id);
  query =
    orderBy === 'likes'
      ? query
          // A best story is one somebody liked.
          .where(sql<boolean>`EXISTS (SELECT 1 FROM story_likes l WHERE l.story_id = s.id)`)
          .orderBy('nb_likes', 'desc')
          .orderBy('s.created_at', 'desc')
      : query.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc');
  const rows = await query.limit(limit).offset(offset).execute();
  const comments = await commentsFor(
    db,
    rows.map((r) => r.id),
    viewerId,
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
    answeredPrayer: r.prayer_id,
  }));
}

/**
 * Stories newest first, a page at a time (see listStories), with how many
 * there are in all for `viewerId` (their own awaiting review included;
 * `publishedOnly`: the published only, whoever looks).
 */
export async function pageOfStories(
  db: Kysely<Database>,
  options: { viewerId?: string | null; publishedOnly?: boolean } & PageQuery = {},
): Promise<{ data: Story[]; paging: Paging }> {
  const { viewerId = null, publishedOnly = false } = options;
  const { page, pageSize, offset } = pageWindow(options, STORIES_PAGE);
  const [data, count] = await Promise.all([
    listStories(db, { viewerId, publishedOnly, limit: pageSize, offset }),
    db
      .selectFrom('stories as s')
      .select(sql<string>`count(*)`.as('n'))
      .where(visibleTo('s', publishedOnly ? null : viewerId))
      .executeTakeFirstOrThrow(),
  ]);
  return { data, paging: pagingOf(page, pageSize, Number(count.n)) };
}

async function commentsFor(db: Kysely<Database>, storyIds: string[], viewerId: string | null): Promise<Map<string, Comment[]>> {
  const byStory = new Map<string, Comment[]>();
  if (!storyIds.length) return byStory;
  const rows = await db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.story_id',
      'c.text',
      'c.status',
      'c.created_at',
      'u.id as user_id',
      'u.firstname',
      'u.lastname',
      'u.photo',
    ])
    .where('c.story_id', 'in', storyIds)
    .where(visibleTo('c', viewerId))
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

/** Saves a story (content already validated and sanitized) and answers it as the lists show it. */
export async function createStory(
  db: Kysely<Database>,
  input: { userId: string; content: string; status: PostStatus; prayerId?: string | null },
): Promise<Story> {
  const id = newId();
  await db
    .insertInto('stories')
    .values({ id, user_id: input.userId, content: input.content, status: input.status, prayer_id: input.prayerId ?? null })
    .execute();
  const [story] = await listStories(db, { viewerId: input.userId, id, limit: 1 });
  return story!;
}

/** Whether a published story with this id exists (only those take likes and comments). */
export async function isPublishedStory(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('stories')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Likes or unlikes a story for a member; answers what this call changed in
 * the count: +1, -1, or 0 when a concurrent call already made the change.
 * The primary key (story_id, user_id) keeps one like per member whatever the
 * concurrency; the answer comes from the rows the database says it inserted
 * or deleted, so the answers of any number of calls add up to the count.
 *
 * `want`: true likes, false unlikes, undefined toggles.
 */
export async function setLike(db: Kysely<Database>, storyId: string, userId: string, want?: boolean): Promise<1 | 0 | -1> {
  if (want !== true) {
    const removed = await db
      .deleteFrom('story_likes')
      .where('story_id', '=', storyId)
      .where('user_id', '=', userId)
      .returning('user_id')
      .executeTakeFirst();
    if (removed) return -1;
    if (want === false) return 0;
  }
  const added = await db
    .insertInto('story_likes')
    .values({ story_id: storyId, user_id: userId })
    .onConflict((oc) => oc.columns(['story_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return added ? 1 : 0;
}
