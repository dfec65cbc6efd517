import { sql, type Kysely } from 'kysely';

/**
 * Following up on a prayer request:
 * - the requester's updates under their request (`prayer_updates`),
 *   moderated like the request itself;
 * - a weekly summary per request ("12 people prayed for your request this
 *   week"): `summary_mail` (off by default for a request posted without a
 *   name), `summary_sent_at` (the last week counted) and `summary_token` (the
 *   mail's one-click stop);
 * - "I prayed" is dated by the site's clock, so the "someone prayed" mail
 *   can wait a few minutes and count only presses that were not taken back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE prayer_updates (
      id text PRIMARY KEY,
      prayer_id text NOT NULL REFERENCES prayers(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      text text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'published', 'rejected')),
      moderation_reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX prayer_updates_prayer ON prayer_updates (prayer_id, created_at)`.execute(db);
  await sql`CREATE INDEX prayer_updates_pending ON prayer_updates (created_at, id) WHERE status = 'pending'`.execute(db);

  await sql`ALTER TABLE prayers ADD COLUMN summary_mail boolean NOT NULL DEFAULT true`.execute(db);
  await sql`ALTER TABLE prayers ADD COLUMN summary_sent_at timestamptz`.execute(db);
  await sql`ALTER TABLE prayers ADD COLUMN summary_token text UNIQUE`.execute(db);
  await sql`UPDATE prayers SET summary_mail = false WHERE anonymous`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE prayer_updates`.execute(db);
  for (const column of ['summary_mail', 'summary_sent_at', 'summary_token']) {
    await sql`ALTER TABLE prayers DROP COLUMN ${sql.id(column)}`.execute(db);
  }
}
