import { sql, type Kysely } from 'kysely';

/**
 * One-time sign-in codes: six digits mailed to a member's address, kept
 * only as a keyed hash, valid ten minutes and once; `wrong_tries` counts the
 * wrong codes typed while it was valid (five void it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sign_in_codes (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      wrong_tries integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sign_in_codes_user ON sign_in_codes (user_id, expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sign_in_codes`.execute(db);
}
