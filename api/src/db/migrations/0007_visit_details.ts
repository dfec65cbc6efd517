import { sql, type Kysely } from 'kysely';

/**
 * What a first-time visitor looks for:
 * - each church's services (`church_services`: weekday, local start time,
 *   language, name), its parking note and its place on the map;
 * - where an event happens (one of the churches, or a venue's address) and
 *   how long it lasts, for its calendar entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE churches ADD COLUMN parking text`.execute(db);
  await sql`ALTER TABLE churches ADD COLUMN latitude double precision`.execute(db);
  await sql`ALTER TABLE churches ADD COLUMN longitude double precision`.execute(db);
  await sql`
    CREATE TABLE church_services (
      id text PRIMARY KEY,
      church_id text NOT NULL REFERENCES churches(id) ON DELETE CASCADE,
      name text NOT NULL,
      weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
      start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      language text NOT NULL,
      position integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE INDEX church_services_church ON church_services (church_id, position)`.execute(db);

  await sql`ALTER TABLE events ADD COLUMN church_id text REFERENCES churches(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE events ADD COLUMN venue text`.execute(db);
  await sql`ALTER TABLE events ADD COLUMN duration_minutes integer CHECK (duration_minutes > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events DROP COLUMN duration_minutes`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN venue`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN church_id`.execute(db);
  await sql`DROP TABLE IF EXISTS church_services`.execute(db);
  await sql`ALTER TABLE churches DROP COLUMN longitude`.execute(db);
  await sql`ALTER TABLE churches DROP COLUMN latitude`.execute(db);
  await sql`ALTER TABLE churches DROP COLUMN parking`.execute(db);
}
