import { sql, type Kysely } from 'kysely';

/**
 * One ticket per seat, and free events:
 * - `event_tickets`: each paid booking of N seats has N tickets, each with
 *   its own unguessable token (its QR code and the code typed at the
 *   door), checked in on its own, and which the member may forward to a
 *   guest by e-mail (`forwarded_to`, `forwarded_at`);
 * - bookings made before keep working: each gets its tickets now, the
 *   first with the booking's own token (the QR code already mailed), the
 *   others with new ones; a booking checked in before had every guest
 *   admitted at once, so each of its tickets is checked in at that time.
 * A free event is one whose seat price is 0 (no column: the price says it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE event_tickets (
      id text PRIMARY KEY,
      booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
      event_id text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 1),
      token text NOT NULL UNIQUE,
      checked_in_at timestamptz,
      checked_in_by text REFERENCES users (id) ON DELETE SET NULL,
      forwarded_to text,
      forwarded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (booking_id, position)
    )`.execute(db);
  await sql`CREATE INDEX event_tickets_event ON event_tickets (event_id)`.execute(db);
  await sql`
    INSERT INTO event_tickets (id, booking_id, event_id, position, token, checked_in_at, checked_in_by, created_at)
    SELECT gen_random_uuid()::text, b.id, b.event_id, n.position,
           CASE WHEN n.position = 1 THEN b.ticket_token
                ELSE upper(substr(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 1, 20)) END,
           b.checked_in_at, b.checked_in_by, COALESCE(b.paid_at, b.created_at)
    FROM bookings b
    CROSS JOIN LATERAL generate_series(1, b.quantity) AS n(position)
    WHERE b.ticket_token IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS event_tickets`.execute(db);
}
