import { sql, type Kysely } from 'kysely';

/**
 * Events run from the staff pages:
 * - an event may be cancelled (`events.cancelled_at`): it leaves the public
 *   list, sells nothing more, and its paid bookings are refunded;
 * - why a booking is refunded (`bookings.refund_reason`): a payment that came
 *   after its seats were gone, or the event's cancellation;
 * - each refund is claimed before the payment provider is called
 *   (`refund_started_at`), so a retried or concurrent cancellation refunds a
 *   booking once; each ticket holder is told of the cancellation once
 *   (`cancellation_sent_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN cancelled_at timestamptz`.execute(db);
  await sql`
    ALTER TABLE bookings
      ADD COLUMN refund_reason text CHECK (refund_reason IN ('late_payment', 'event_cancelled')),
      ADD COLUMN refund_started_at timestamptz,
      ADD COLUMN cancellation_sent_at timestamptz`.execute(db);
  await sql`CREATE INDEX bookings_event_status ON bookings (event_id, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bookings_event_status`.execute(db);
  await sql`
    ALTER TABLE bookings
      DROP COLUMN cancellation_sent_at,
      DROP COLUMN refund_started_at,
      DROP COLUMN refund_reason`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN cancelled_at`.execute(db);
}
