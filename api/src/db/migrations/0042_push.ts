import { sql, type Kysely } from 'kysely';

/**
 * Notifications members choose (Web Push):
 * - `push_keys`: the site's VAPID key pair when none is configured, made
 *   once (one row) and shared by every process;
 * - `push_subscriptions`: a browser's push subscription (its push service's
 *   address and the keys its messages are encrypted for), per member;
 * - `push_topics`: what a member wants to hear about, each off until they
 *   turn it on, and when the day's devotional comes (`devotional_time`,
 *   'HH:mm' on the site's clock); `prayed_counted_until` is how far the last
 *   "someone prayed" notification counted;
 * - `push_messages`: each notification to one member, made once (a unique
 *   `key` per member: `devotional:2026-05-03`, `booking:<id>`, …) and sent
 *   once (claimed with `claimed_at`, done at `sent_at`);
 * - `push_announcements`: what the staff sent, and to how many;
 * - `sermons.pushed_at`: the sermon's "new sermon" notification was made
 *   (the sermons already out are not news).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_keys (
      id integer PRIMARY KEY CHECK (id = 1),
      public_key text NOT NULL,
      private_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE push_subscriptions (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_sent_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE push_topics (
      user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      devotional boolean NOT NULL DEFAULT false,
      devotional_time text NOT NULL DEFAULT '07:00',
      reminders boolean NOT NULL DEFAULT false,
      prayed boolean NOT NULL DEFAULT false,
      sermons boolean NOT NULL DEFAULT false,
      announcements boolean NOT NULL DEFAULT false,
      prayed_counted_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE push_messages (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      topic text NOT NULL CHECK (topic IN ('devotional', 'reminders', 'prayed', 'sermons', 'announcements')),
      key text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      url text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      claimed_at timestamptz,
      sent_at timestamptz,
      delivered integer,
      UNIQUE (user_id, key)
    )`.execute(db);
  await sql`CREATE INDEX push_messages_due ON push_messages (created_at) WHERE sent_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE push_announcements (
      id text PRIMARY KEY,
      title text NOT NULL,
      body text NOT NULL,
      url text NOT NULL,
      sent_by text REFERENCES users(id) ON DELETE SET NULL,
      sent_by_name text NOT NULL,
      recipients integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`ALTER TABLE sermons ADD COLUMN pushed_at timestamptz`.execute(db);
  await sql`UPDATE sermons SET pushed_at = now() WHERE status = 'published'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sermons DROP COLUMN pushed_at`.execute(db);
  for (const table of ['push_announcements', 'push_messages', 'push_topics', 'push_subscriptions', 'push_keys']) {
    await sql`DROP TABLE ${sql.id(table)}`.execute(db);
  }
}
