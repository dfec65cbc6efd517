import { sql, type Kysely } from 'kysely';

/**
 * Events that repeat. A series is an event row that holds the rule
 * (`recurrence`, JSON: weekly on chosen weekdays or monthly, its interval, an
 * end date or a count, and the dates skipped); it is the series' template and
 * is never booked itself. Each occurrence is an event row of its own
 * (`series_id`, `occurrence_on`: its date in the rule, on the site's clock),
 * with its own seats, bookings, tickets and waitlist; `overridden` marks one
 * changed on its own ("this one"), which edits of the series leave alone.
 * `materialized_until` is the last date the template's occurrences were made
 * up to (a series without an end is made a year ahead, and extended).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN recurrence text`.execute(db);
  await sql`ALTER TABLE events ADD COLUMN materialized_until text`.execute(db);
  await sql`ALTER TABLE events ADD COLUMN series_id text REFERENCES events(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE events ADD COLUMN occurrence_on text`.execute(db);
  await sql`ALTER TABLE events ADD COLUMN overridden boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE UNIQUE INDEX events_series_occurrence ON events (series_id, occurrence_on) WHERE series_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX events_series_occurrence`.execute(db);
  for (const column of ['recurrence', 'materialized_until', 'series_id', 'occurrence_on', 'overridden']) {
    await sql`ALTER TABLE events DROP COLUMN ${sql.id(column)}`.execute(db);
  }
}
