import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { QueuedPostContract, Static } from '@ministry/shared/contracts';
import type { Database } from '../../db/index.js';
import { LIMITS } from '../../config.js';
import { newId } from '../../lib/ids.js';

export const POST_KINDS = ['prayers', 'stories', 'comments'] as const;
export type PostKind = (typeof POST_KINDS)[number];
export const KIND_NAMES: Record<PostKind, string> = { prayers: 'prayer request', stories: 'story', comments: 'comment' };

/** A post's first words, for the activity log. */
export const excerptOf = (text: string, max = 60): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** A post waiting for review, as admins see it. */
export type PendingPost = Static<typeof QueuedPostContract>;

/** Posts of each kind in one page of the queue. */
export const PAGE_SIZE = 50;

/** Where a page of the queue starts: after this post (oldest first: by date, then id). */
export interface QueueCursor {
  date: string;
  id: string;
}

export type PendingPage = Record<PostKind, PendingPost[]> & { totals: Record<PostKind, number> };

/** A post's words as a short fingerprint: what the moderator saw, named when they publish it. */
export const versionOf = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** A post waits for the staff when it is pending, or published with reports not dealt with yet. */
function inQueue(kind: PostKind, alias: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(${column('status')} = 'pending' OR (${column('status')} = 'published' AND EXISTS (
    SELECT 1 FROM post_reports r WHERE r.kind = ${kind} AND r.post_id = ${column('id')} AND r.resolved_at IS NULL)))`;
}

/**
 * The posts waiting for review, oldest first: the first page of each kind
 * and how many wait in all, or (with `kind` and `after`) the next page of one kind.
 */
export async function listPending(
  db: Kysely<Database>,
  options: { kind?: PostKind; after?: QueueCursor } = {},
): Promise<PendingPage> {
  const author = ['u.id as user_id', 'u.firstname', 'u.lastname', 'u.email', 'u.posting_blocked_at'] as const;
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
          .select(['p.id', 'p.text', 'p.status', 'p.created_at', 'p.anonymous', ...author])
          .where(inQueue('prayers', 'p'))
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
          .select(['s.id', 's.content as text', 's.status', 's.created_at', ...author])
          .where(inQueue('stories', 's'))
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
            'c.status',
            'c.created_at',
            's.id as story_id',
            's.content as story_content',
            's.status as story_status',
            ...author,
          ])
          .where(inQueue('comments', 'c'))
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
    r: {
      id: string;
      text: string;
      status: 'pending' | 'published' | 'rejected';
      created_at: Date;
      user_id: string;
      firstname: string;
      lastname: string;
      email: string;
      posting_blocked_at: Date | null;
    },
  ) => ({
    _id: r.id,
    kind,
    text: r.text,
    status: r.status,
    version: versionOf(r.text),
    date: new Date(r.created_at).toISOString(),
    user: { _id: r.user_id, firstname: r.firstname, lastname: r.lastname, email: r.email },
    authorPostingStopped: r.posting_blocked_at !== null,
  });
  const reports = await openReports(
    db,
    [...prayers, ...stories, ...comments].map((r) => r.id),
  );
  const withReports = <T extends { _id: string }>(post: T) => ({ ...post, reports: reports.get(post._id) ?? [] });
  return {
    prayers: prayers.map((r) => withReports({ ...base('prayers', r), anonymous: r.anonymous })),
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

/** Reports a member may make in a day, by default (LIMIT_REPORTS_PER_ACCOUNT). */
export const REPORTS_PER_DAY = LIMITS.reportsPerAccount.max;
/** How old an account must be before its reports count towards hiding a post (unless it has a post on the site). */
export const GOOD_STANDING_DAYS = 7;

export type ReportOutcome =
  /** No such post, or not one members can see. */
  | { found: false }
  /** Recorded (once per member); `hidden`: this report hid the post until the staff decide. */
  | { found: true; hidden: boolean; authorId: string; text: string };

/**
 * A member reports a post: the report flags it for the staff and the post
 * stays up. Only when `threshold` members in good standing (a confirmed
 * address, and an account at least GOOD_STANDING_DAYS old or with a post
 * on the site) have reported it is it hidden before the staff decide (back
 * to pending, in the queue). The staff's own posts are never hidden by
 * reports. A member reports a post once.
 */
export async function reportPost(
  db: Kysely<Database>,
  input: { kind: PostKind; id: string; userId: string; reason: string; threshold: number; now: Date },
): Promise<ReportOutcome> {
  const { kind, id, userId, reason, threshold, now } = input;
  // One query for the three tables: they share these columns (a story's words are `content`).
  const post = await db
    .selectFrom(`${kind as 'prayers'} as p`)
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.status',
      'p.user_id',
      'u.role',
      sql<string>`${sql.ref(`p.${kind === 'stories' ? 'content' : 'text'}`)}`.as('text'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!post || (post.status !== 'published' && post.status !== 'pending')) return { found: false };
  const text = post.text;
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('post_reports')
      .values({ id: newId(), kind, post_id: id, user_id: userId, reason, created_at: now })
      .onConflict((oc) => oc.columns(['kind', 'post_id', 'user_id']).doNothing())
      .execute();
    if (post.status !== 'published' || post.role !== 'member')
      return { found: true, hidden: false, authorId: post.user_id, text };
    const weekAgo = new Date(now.getTime() - GOOD_STANDING_DAYS * 86_400_000);
    const { n } = await trx
      .selectFrom('post_reports as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(sql<string>`count(DISTINCT r.user_id)`.as('n'))
      .where('r.kind', '=', kind)
      .where('r.post_id', '=', id)
      .where('r.resolved_at', 'is', null)
      .where('u.email_verified_at', 'is not', null)
      .where('u.disabled_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('u.created_at', '<=', weekAgo),
          ...POST_KINDS.map((table) =>
            eb.exists(
              eb
                .selectFrom(`${table as 'prayers'} as own`)
                .select('own.id')
                .whereRef('own.user_id', '=', 'u.id')
                .where('own.status', '=', 'published'),
            ),
          ),
        ]),
      )
      .executeTakeFirstOrThrow();
    if (Number(n) < threshold) return { found: true, hidden: false, authorId: post.user_id, text };
    const hidden = await trx
      .updateTable(kind)
      .set({ status: 'pending' })
      .where('id', '=', id)
      .where('status', '=', 'published')
      .executeTakeFirst();
    return { found: true, hidden: Number(hidden.numUpdatedRows) > 0, authorId: post.user_id, text };
  });
}

/** How many reports the member made since `since`. */
export async function reportsSince(db: Kysely<Database>, userId: string, since: Date): Promise<number> {
  const { n } = await db
    .selectFrom('post_reports')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
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
        .where(inQueue(kind, kind))
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

export type Decision =
  | { outcome: 'not_found' }
  /** The post's words are no longer those the moderator saw (`version`): nothing changed. */
  | { outcome: 'changed'; text: string; version: string }
  | { outcome: 'decided'; userId: string; text: string; wasPublished: boolean };

/**
 * Publishes or rejects one post (rejecting a published one hides it), with
 * the moderator's reason for the author; its open reports are then dealt
 * with. Publishing names the `version` the moderator saw: a post edited
 * since is left as it is ('changed'), so nothing goes up unseen.
 */
export async function setPostStatus(
  db: Kysely<Database>,
  kind: PostKind | 'prayer_updates',
  id: string,
  status: 'published' | 'rejected',
  options: { reason?: string | null; version?: string; now?: Date } = {},
): Promise<Decision> {
  const reason = options.reason ?? null;
  const textColumn = kind === 'stories' ? 'content' : 'text';
  return db.transaction().execute(async (trx): Promise<Decision> => {
    const before = await trx
      .selectFrom(kind)
      .select(['status', `${textColumn} as text` as 'text'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return { outcome: 'not_found' };
    const text = (before as unknown as { text: string }).text;
    if (options.version !== undefined && options.version !== versionOf(text)) {
      return { outcome: 'changed', text, version: versionOf(text) };
    }
    const row = await trx
      .updateTable(kind)
      .set({ status, moderation_reason: status === 'rejected' ? reason : null })
      .where('id', '=', id)
      .returning(['user_id'])
      .executeTakeFirst();
    if (!row) return { outcome: 'not_found' };
    if (kind === 'prayer_updates')
      return { outcome: 'decided', userId: row.user_id, text, wasPublished: before.status === 'published' };
    await trx
      .updateTable('post_reports')
      .set({ resolved_at: options.now ?? new Date() })
      .where('kind', '=', kind)
      .where('post_id', '=', id)
      .where('resolved_at', 'is', null)
      .execute();
    return { outcome: 'decided', userId: row.user_id, text, wasPublished: before.status === 'published' };
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
