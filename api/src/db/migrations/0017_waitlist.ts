import { sql, type Kysely } from 'kysely';

/**
 * Waitlists of sold-out events: a member waits for `quantity` seats, first
 * come first served. When seats come free the first member waiting gets an
 * offer: a pending booking holding those seats (the same seat hold the
 * checkout uses) whose id is kept in `booking_id`. An entry is `waiting`,
 * `offered`, then `booked` (paid), `lapsed` (the offer ran out or was
 * declined) or `left` (the member left the list). A member waits once per
 * event at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE waitlist_entries (
      id text PRIMARY KEY,
      event_id text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      quantity integer NOT NULL CHECK (quantity > 0),
      status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'lapsed', 'left')),
      booking_id text REFERENCES bookings (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      offered_at timestamptz,
      closed_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX waitlist_entries_open ON waitlist_entries (event_id, user_id) WHERE status IN ('waiting', 'offered')`.execute(
    db,
  );
  await sql`CREATE INDEX waitlist_entries_queue ON waitlist_entries (event_id, created_at) WHERE status = 'waiting'`.execute(db);
  await sql`CREATE INDEX waitlist_entries_offered ON waitlist_entries (booking_id) WHERE status = 'offered'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS waitlist_entries`.execute(db);
}
