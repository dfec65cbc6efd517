import { sql, type Kysely } from 'kysely';

/**
 * The church's staff:
 * - roles: `member`, `editor` (publishes content, moderates, runs events),
 *   `admin` (everything, members and roles included);
 * - a disabled account (`users.disabled_at`) cannot sign in, and its
 *   sessions are refused at once;
 * - every staff change is recorded (`activity_log`): who, what, when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('member', 'editor', 'admin'))`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN disabled_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE activity_log (
      id text PRIMARY KEY,
      seq bigserial NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      actor_id text REFERENCES users(id) ON DELETE SET NULL,
      actor_name text NOT NULL,
      action text NOT NULL,
      subject_type text NOT NULL,
      subject_id text,
      summary text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX activity_log_seq ON activity_log (seq DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE activity_log`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN disabled_at`.execute(db);
  await sql`UPDATE users SET role = 'admin' WHERE role = 'editor'`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('member', 'admin'))`.execute(db);
}
