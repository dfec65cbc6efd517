import { sql, type Kysely } from 'kysely';

/**
 * Giving history: a member lists their gifts (by account, or by their
 * confirmed e-mail address for gifts made signed out), and a donor may stop
 * a weekly or monthly gift (`subscription_cancelled_at`, on each gift of the
 * subscription). `fee_covered` is the part of a gift the donor added to
 * cover the processing fees (included in `amount`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE donations
      ADD COLUMN subscription_cancelled_at timestamptz,
      ADD COLUMN fee_covered numeric(12, 2)`.execute(db);
  await sql`CREATE INDEX donations_user ON donations (user_id, created_at) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX donations_email ON donations (lower(email), created_at) WHERE email IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS donations_email`.execute(db);
  await sql`DROP INDEX IF EXISTS donations_user`.execute(db);
  await sql`ALTER TABLE donations DROP COLUMN fee_covered, DROP COLUMN subscription_cancelled_at`.execute(db);
}
