import { sql, type Kysely } from 'kysely';

/**
 * Uploaded files kept in the database (on PostgreSQL, when no S3 bucket is
 * configured): every server process, on any machine, serves every upload,
 * and a backup of the database holds them. See lib/uploads.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE uploads (
      name text PRIMARY KEY,
      content_type text NOT NULL,
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE uploads`.execute(db);
}
