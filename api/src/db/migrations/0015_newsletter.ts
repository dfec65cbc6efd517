import { sql, type Kysely } from 'kysely';

/**
 * The newsletter goes out: confirmed subscriptions (double opt-in) with a
 * secret token per address (its confirmation and unsubscribe links), the
 * weekly issues and every recipient's delivery, so a send that stops half
 * way resumes without repeating or skipping anyone.
 *
 * Addresses stored before confirmation existed never confirmed: they are
 * pending (they receive nothing until they subscribe again and confirm).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE newsletter_subscribers
    ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed', 'bounced')),
    ADD COLUMN token text,
    ADD COLUMN confirmed_at timestamptz,
    ADD COLUMN unsubscribed_at timestamptz,
    ADD COLUMN hard_bounces integer NOT NULL DEFAULT 0`.execute(db);
  // 64 hex characters, 244 random bits (two version-4 UUIDs); the same form as the code's tokens.
  const randomToken = sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`;
  await sql`UPDATE newsletter_subscribers SET token = ${randomToken}`.execute(db);
  await sql`ALTER TABLE newsletter_subscribers ALTER COLUMN token SET NOT NULL, ALTER COLUMN token SET DEFAULT ${randomToken}`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX newsletter_subscribers_token ON newsletter_subscribers (token)`.execute(db);
  await sql`CREATE INDEX newsletter_subscribers_confirmed ON newsletter_subscribers (email) WHERE status = 'confirmed'`.execute(
    db,
  );

  await sql`
    CREATE TABLE newsletter_issues (
      id text PRIMARY KEY,
      -- The week's planned moment (the setting's day and time, in the site's time zone); one issue per week.
      week date NOT NULL UNIQUE,
      send_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'sending', 'sent', 'skipped')),
      intro text NOT NULL DEFAULT '',
      -- What went out, frozen when the send starts (a restart sends the same).
      since timestamptz,
      subject text,
      body_text text,
      body_html text,
      started_at timestamptz,
      finished_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE newsletter_deliveries (
      issue_id text NOT NULL REFERENCES newsletter_issues (id) ON DELETE CASCADE,
      email text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      error text,
      sent_at timestamptz,
      PRIMARY KEY (issue_id, email)
    )`.execute(db);
  await sql`CREATE INDEX newsletter_deliveries_todo ON newsletter_deliveries (issue_id, email) WHERE status IN ('pending', 'sending')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE newsletter_deliveries`.execute(db);
  await sql`DROP TABLE newsletter_issues`.execute(db);
  await sql`DROP INDEX newsletter_subscribers_confirmed`.execute(db);
  await sql`DROP INDEX newsletter_subscribers_token`.execute(db);
  await sql`ALTER TABLE newsletter_subscribers
    DROP COLUMN status, DROP COLUMN token, DROP COLUMN confirmed_at, DROP COLUMN unsubscribed_at, DROP COLUMN hard_bounces`.execute(
    db,
  );
}
