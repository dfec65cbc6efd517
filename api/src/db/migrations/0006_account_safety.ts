import { sql, type Kysely } from 'kysely';

/**
 * Account safety:
 * - e-mail addresses are confirmed (`email_verified_at`; accounts that exist
 *   already count as confirmed) through links whose tokens are kept only as
 *   hashes in `email_confirmations`, for a new account's address and for a
 *   new address a member asked for (`purpose` 'verify' or 'change');
 * - devices a member signed in from (`known_devices`, a cookie's hash): wrong
 *   passwords typed elsewhere never hold them up;
 * - indexes for the posting limits (a member's posts by date).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`.execute(db);
  await sql`UPDATE users SET email_verified_at = now()`.execute(db);

  await sql`
    CREATE TABLE email_confirmations (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('verify', 'change')),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_confirmations_user ON email_confirmations (user_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE known_devices (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX known_devices_user ON known_devices (user_id)`.execute(db);

  // Posting limits count a member's recent and waiting posts.
  for (const table of ['prayers', 'stories', 'comments']) {
    await sql`CREATE INDEX ${sql.id(`${table}_user_created`)} ON ${sql.table(table)} (user_id, created_at)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['prayers', 'stories', 'comments'])
    await sql`DROP INDEX IF EXISTS ${sql.id(`${table}_user_created`)}`.execute(db);
  await sql`DROP TABLE IF EXISTS known_devices`.execute(db);
  await sql`DROP TABLE IF EXISTS email_confirmations`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN email_verified_at`.execute(db);
}
