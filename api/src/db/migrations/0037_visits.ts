import { sql, type Kysely } from 'kysely';

/**
 * A first-time guest's planned visit: the church and the service (its
 * moment, name and language as offered, since a church's services are
 * rewritten whenever the staff edit it), how many adults come and the
 * children's ages, a question, and the guest's e-mail address, confirmed by
 * the link of a mail (`token`). The welcome mail goes once on confirmation,
 * the reminder once the day before (`reminder_sent_at`, claimed by the job);
 * the staff mark who came (`came`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE visits (
      id text PRIMARY KEY,
      church_id text NOT NULL REFERENCES churches(id) ON DELETE CASCADE,
      service_at timestamptz NOT NULL,
      service_name text NOT NULL,
      service_language text NOT NULL,
      email text NOT NULL,
      name text NOT NULL,
      adults integer NOT NULL CHECK (adults BETWEEN 1 AND 20),
      children_ages integer[] NOT NULL DEFAULT '{}',
      question text,
      token text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed')),
      confirmed_at timestamptz,
      reminder_sent_at timestamptz,
      came boolean,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX visits_one_per_service ON visits (email, church_id, service_at)`.execute(db);
  await sql`CREATE INDEX visits_by_service ON visits (service_at, church_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS visits`.execute(db);
}
