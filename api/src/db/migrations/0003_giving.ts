import { sql, type Kysely } from 'kysely';

/**
 * Giving: event bookings (seats held while the member pays, then sold or
 * released), donations, and the payment webhooks already handled (each
 * provider event is applied once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bookings (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      event_id text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      quantity integer NOT NULL CHECK (quantity > 0),
      unit_price numeric(10, 2) NOT NULL CHECK (unit_price >= 0),
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'paid', 'expired', 'cancelled', 'refund_due')),
      provider text NOT NULL,
      provider_session_id text UNIQUE,
      provider_payment_ref text,
      checkout_url text,
      expires_at timestamptz NOT NULL,
      paid_at timestamptz,
      released_at timestamptz,
      confirmation_sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX bookings_pending_expiry ON bookings (expires_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX bookings_user ON bookings (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX bookings_event ON bookings (event_id)`.execute(db);

  await sql`
    CREATE TABLE donations (
      id text PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('offering', 'tithing', 'charitable', 'generous')),
      frequency text NOT NULL CHECK (frequency IN ('once', 'weekly', 'monthly')),
      amount numeric(12, 2) CHECK (amount IS NULL OR amount >= 0),
      currency text NOT NULL DEFAULT 'usd',
      status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'refunded')),
      provider text NOT NULL,
      provider_ref text NOT NULL,
      user_id text REFERENCES users(id) ON DELETE SET NULL,
      email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, provider_ref)
    )`.execute(db);
  await sql`CREATE INDEX donations_created ON donations (created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE payment_webhook_events (
      id text PRIMARY KEY,
      provider text NOT NULL,
      type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payment_webhook_events', 'donations', 'bookings']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
