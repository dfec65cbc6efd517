import { sql, type Kysely } from 'kysely';

/**
 * Tickets a member shows at the door and may give back:
 * - each booking carries an unguessable `ticket_token` (the QR code's
 *   content; never the booking's id), made when it is paid;
 * - a member may cancel a paid booking before the event: `refund_reason`
 *   `member_cancelled`, refunded like the others, and `member_cancelled_at`;
 * - door check-in: `checked_in_at` and who scanned it (`checked_in_by`),
 *   once per ticket.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bookings DROP CONSTRAINT bookings_refund_reason_check`.execute(db);
  await sql`
    ALTER TABLE bookings
      ADD CONSTRAINT bookings_refund_reason_check CHECK (refund_reason IN ('late_payment', 'event_cancelled', 'member_cancelled')),
      ADD COLUMN ticket_token text,
      ADD COLUMN member_cancelled_at timestamptz,
      ADD COLUMN checked_in_at timestamptz,
      ADD COLUMN checked_in_by text REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  // Paid bookings from before get their token now: 20 random hex digits (80 bits; hex is a part of the tokens' alphabet).
  await sql`UPDATE bookings SET ticket_token = upper(substr(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 1, 20)) WHERE status = 'paid'`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX bookings_ticket_token ON bookings (ticket_token) WHERE ticket_token IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bookings_ticket_token`.execute(db);
  await sql`UPDATE bookings SET refund_reason = 'late_payment' WHERE refund_reason = 'member_cancelled'`.execute(db);
  await sql`
    ALTER TABLE bookings
      DROP COLUMN checked_in_by,
      DROP COLUMN checked_in_at,
      DROP COLUMN member_cancelled_at,
      DROP COLUMN ticket_token,
      DROP CONSTRAINT bookings_refund_reason_check,
      ADD CONSTRAINT bookings_refund_reason_check CHECK (refund_reason IN ('late_payment', 'event_cancelled'))`.execute(db);
}
