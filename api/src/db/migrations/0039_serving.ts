import { sql, type Kysely } from 'kysely';

/**
 * Serving: the church's volunteer teams (greeters, worship, children, …),
 * each with its positions and leaders, and dated slots ("Greeter, Sunday
 * 6 December, 8:30 at the main campus: 3 needed") that members sign up for.
 * A member's blockout days ('YYYY-MM-DD' on the site's clock) are days they cannot serve; their serving
 * calendar is at a secret address of its own (`serving_feeds.token`).
 * `serving_signups.reminded_at` marks the reminder the day before as taken
 * by one process (the job claims each sign-up once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE serving_teams (
      id text PRIMARY KEY,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX serving_teams_name ON serving_teams (lower(name))`.execute(db);
  await sql`
    CREATE TABLE serving_positions (
      id text PRIMARY KEY,
      team_id text NOT NULL REFERENCES serving_teams (id) ON DELETE CASCADE,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX serving_positions_name ON serving_positions (team_id, lower(name))`.execute(db);
  await sql`
    CREATE TABLE serving_team_leaders (
      team_id text NOT NULL REFERENCES serving_teams (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX serving_team_leaders_user ON serving_team_leaders (user_id)`.execute(db);
  await sql`
    CREATE TABLE serving_slots (
      id text PRIMARY KEY,
      team_id text NOT NULL REFERENCES serving_teams (id) ON DELETE CASCADE,
      position_id text NOT NULL REFERENCES serving_positions (id) ON DELETE CASCADE,
      church_id text REFERENCES churches (id) ON DELETE SET NULL,
      starts_at timestamptz NOT NULL,
      needed integer NOT NULL CHECK (needed BETWEEN 1 AND 100),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX serving_slots_starts ON serving_slots (starts_at)`.execute(db);
  await sql`CREATE INDEX serving_slots_team ON serving_slots (team_id, starts_at)`.execute(db);
  await sql`
    CREATE TABLE serving_signups (
      id text PRIMARY KEY,
      slot_id text NOT NULL REFERENCES serving_slots (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      added_by text REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      reminded_at timestamptz,
      UNIQUE (slot_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX serving_signups_user ON serving_signups (user_id)`.execute(db);
  await sql`CREATE INDEX serving_signups_unreminded ON serving_signups (slot_id) WHERE reminded_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE serving_blockouts (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      day text NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, day)
    )`.execute(db);
  await sql`CREATE INDEX serving_blockouts_day ON serving_blockouts (day)`.execute(db);
  await sql`
    CREATE TABLE serving_feeds (
      user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      token text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'serving_feeds',
    'serving_blockouts',
    'serving_signups',
    'serving_slots',
    'serving_team_leaders',
    'serving_positions',
    'serving_teams',
  ])
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
}
