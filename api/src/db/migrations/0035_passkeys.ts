import { sql, type Kysely } from 'kysely';

/**
 * Passkeys: a member's WebAuthn credentials (the credential's id as the
 * browser names it, its public key in COSE form, base64url, the signature
 * counter, the transports the browser reported, the name the member gave it),
 * and the challenges the site asked to be signed: kept here, a few minutes,
 * each used once (registration ones belong to a member; sign-in ones to no one
 * until a passkey answers them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE passkeys (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      public_key text NOT NULL,
      counter bigint NOT NULL DEFAULT 0,
      transports text NOT NULL DEFAULT '',
      device_type text NOT NULL DEFAULT 'singleDevice',
      backed_up boolean NOT NULL DEFAULT false,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX passkeys_user ON passkeys (user_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE passkey_challenges (
      challenge text PRIMARY KEY,
      purpose text NOT NULL,
      user_id text REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS passkey_challenges`.execute(db);
  await sql`DROP TABLE IF EXISTS passkeys`.execute(db);
}
