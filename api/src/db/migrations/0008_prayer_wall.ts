import { sql, type Kysely } from 'kysely';

/**
 * The prayer wall and the stories around it:
 * - a prayer may be posted without the member's name (`anonymous`): the
 *   public sees "Anonymous", staff and the requester still see who it is;
 * - "I prayed" (`prayer_prayed`): one row per member and prayer, so a member
 *   counts once however often (or however fast) they press;
 * - the requester hears how many prayed, at most once a day
 *   (`users.prayer_mail_sent_at`), unless they turned it off
 *   (`users.prayer_mail_off`; the mail's link carries `prayer_mail_token`);
 * - an answered prayer (`answered_at`, `answer_note`) may become a story
 *   (`stories.prayer_id`);
 * - a moderator's reason for not publishing a post (`moderation_reason`),
 *   members stopped from posting (`users.posting_blocked_at`), and members'
 *   reports of posts (`post_reports`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE prayers ADD COLUMN anonymous boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE prayers ADD COLUMN answered_at timestamptz`.execute(db);
  await sql`ALTER TABLE prayers ADD COLUMN answer_note text`.execute(db);
  await sql`ALTER TABLE stories ADD COLUMN prayer_id text REFERENCES prayers(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX stories_prayer ON stories (prayer_id) WHERE prayer_id IS NOT NULL`.execute(db);
  for (const table of ['prayers', 'stories', 'comments']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN moderation_reason text`.execute(db);
  }

  await sql`
    CREATE TABLE prayer_prayed (
      prayer_id text NOT NULL REFERENCES prayers(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (prayer_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX prayer_prayed_user ON prayer_prayed (user_id)`.execute(db);

  await sql`ALTER TABLE users ADD COLUMN prayer_mail_off boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN prayer_mail_sent_at timestamptz`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN prayer_mail_token text UNIQUE`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN posting_blocked_at timestamptz`.execute(db);

  await sql`
    CREATE TABLE post_reports (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('prayers', 'stories', 'comments')),
      post_id text NOT NULL,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      UNIQUE (kind, post_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX post_reports_open ON post_reports (kind, post_id) WHERE resolved_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS post_reports`.execute(db);
  for (const column of ['posting_blocked_at', 'prayer_mail_token', 'prayer_mail_sent_at', 'prayer_mail_off']) {
    await sql`ALTER TABLE users DROP COLUMN ${sql.id(column)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS prayer_prayed`.execute(db);
  for (const table of ['prayers', 'stories', 'comments'])
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN moderation_reason`.execute(db);
  await sql`DROP INDEX IF EXISTS stories_prayer`.execute(db);
  await sql`ALTER TABLE stories DROP COLUMN prayer_id`.execute(db);
  for (const column of ['answer_note', 'answered_at', 'anonymous'])
    await sql`ALTER TABLE prayers DROP COLUMN ${sql.id(column)}`.execute(db);
}
