import { sql, type Kysely } from 'kysely';

/**
 * Devotionals, news and press releases written on the staff pages:
 * - each is a draft or published (`status`); a published one dated in the
 *   future is scheduled: the public sees it from its date (`published_at`
 *   for devotionals, `created_at` for news and press) on the site's clock;
 * - devotionals gain their verses ("Psalm 23:1-4"), several tags (`tags`;
 *   `tag` stays the first of them, the spec's single tag), and
 *   `first_live_at`, the moment the public could first read it: from then
 *   on its slug never changes, so links to it keep working;
 * - `updated_at`: when staff last saved it.
 * Every row there already is was published (the sample content).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE devotionals ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published'))`.execute(
    db,
  );
  await sql`ALTER TABLE devotionals ADD COLUMN verses text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE devotionals ADD COLUMN tags text[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`ALTER TABLE devotionals ADD COLUMN first_live_at timestamptz`.execute(db);
  await sql`ALTER TABLE devotionals ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`UPDATE devotionals SET tags = ARRAY[tag], first_live_at = published_at`.execute(db);
  // The sample bodies open with the verse and its reference (<cite>): that is the devotional's verses.
  await sql`UPDATE devotionals SET verses = coalesce(substring(detail from '<cite>([^<]{1,200})</cite>'), '')`.execute(db);
  await sql`CREATE INDEX devotionals_status_published ON devotionals (status, published_at DESC)`.execute(db);

  for (const table of ['news', 'press_releases']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published'))`.execute(
      db,
    );
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_status_created`)} ON ${sql.table(table)} (status, created_at DESC)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['news', 'press_releases']) {
    // What was never published must not appear once the columns are gone.
    await sql`DELETE FROM ${sql.table(table)} WHERE status = 'draft'`.execute(db);
    await sql`DROP INDEX IF EXISTS ${sql.raw(`${table}_status_created`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN updated_at`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN status`.execute(db);
  }
  await sql`DELETE FROM devotionals WHERE status = 'draft'`.execute(db);
  await sql`DROP INDEX IF EXISTS devotionals_status_published`.execute(db);
  for (const column of ['updated_at', 'first_live_at', 'tags', 'verses', 'status']) {
    await sql`ALTER TABLE devotionals DROP COLUMN ${sql.raw(column)}`.execute(db);
  }
}
