import { sql, type Kysely } from 'kysely';

/**
 * The church's calendar: each event may have a category ('Worship', 'Youth',
 * …) that the calendar and its feeds filter by, and each member may have a
 * personal feed of their own tickets at a secret address (`token`, in the
 * URL), which they can reset: a new token, and the old address answers no
 * more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN category text`.execute(db);
  await sql`CREATE INDEX events_category ON events (lower(category)) WHERE category IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE calendar_feeds (
      user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      token text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS calendar_feeds`.execute(db);
  await sql`DROP INDEX IF EXISTS events_category`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN IF EXISTS category`.execute(db);
}
