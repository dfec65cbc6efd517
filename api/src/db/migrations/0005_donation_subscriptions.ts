import { sql, type Kysely } from 'kysely';

/**
 * Weekly and monthly gifts through Stripe payment links are subscriptions:
 * the first gift remembers its subscription, so that each renewal (an
 * `invoice.paid` notice) is recorded as a gift of the same type and plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE donations ADD COLUMN subscription_ref text`.execute(db);
  await sql`CREATE INDEX donations_subscription ON donations (provider, subscription_ref, created_at) WHERE subscription_ref IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS donations_subscription`.execute(db);
  await sql`ALTER TABLE donations DROP COLUMN subscription_ref`.execute(db);
}
