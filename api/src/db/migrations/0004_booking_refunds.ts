import { sql, type Kysely } from 'kysely';

/**
 * A booking paid after its seats were sold to others is refunded through the
 * payment provider: `refund_due` until the refund is made, then `refunded`,
 * with the provider's reference of the refund.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bookings DROP CONSTRAINT bookings_status_check`.execute(db);
  await sql`
    ALTER TABLE bookings
      ADD CONSTRAINT bookings_status_check CHECK (status IN ('pending', 'paid', 'expired', 'cancelled', 'refund_due', 'refunded')),
      ADD COLUMN refund_ref text,
      ADD COLUMN refunded_at timestamptz`.execute(db);
  await sql`CREATE INDEX bookings_refund_due ON bookings (created_at) WHERE status = 'refund_due'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bookings_refund_due`.execute(db);
  await sql`UPDATE bookings SET status = 'refund_due' WHERE status = 'refunded'`.execute(db);
  await sql`
    ALTER TABLE bookings
      DROP COLUMN refunded_at,
      DROP COLUMN refund_ref,
      DROP CONSTRAINT bookings_status_check,
      ADD CONSTRAINT bookings_status_check CHECK (status IN ('pending', 'paid', 'expired', 'cancelled', 'refund_due'))`.execute(
    db,
  );
}
