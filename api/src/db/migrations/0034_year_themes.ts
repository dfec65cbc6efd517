import { sql, type Kysely } from 'kysely';

/**
 * The theme the church gives each year ("The Year of the Luminaries", with
 * its verse), shown at the top of the home page during that year and edited
 * by the staff on /admin. One row per year; the theme the site showed until
 * now (written in the code, for 2025) is kept as that year's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE year_themes (
      year integer PRIMARY KEY CHECK (year BETWEEN 1900 AND 2999),
      title text NOT NULL,
      verse text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO year_themes (year, title, verse)
    VALUES (2025, 'The Year of the Luminaries', 'Arise, shine, for your light has come. — Isaiah 60:1')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE year_themes`.execute(db);
}
