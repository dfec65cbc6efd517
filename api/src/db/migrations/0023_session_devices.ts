import { sql, type Kysely } from 'kysely';

/**
 * Where a member is signed in: each session gets an id the member may name
 * (never its token's hash), the browser's user agent it started in, and
 * when it was last used (kept to within a few minutes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN id text NOT NULL DEFAULT gen_random_uuid()::text`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN user_agent text`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz`.execute(db);
  await sql`CREATE UNIQUE INDEX sessions_id ON sessions (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sessions_id`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS last_seen_at`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS user_agent`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS id`.execute(db);
}
