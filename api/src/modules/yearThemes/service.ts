import type { Kysely } from 'kysely';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { YearTheme } from '@ministry/shared/types';
import type { Database } from '../../db/schema.js';

/** The year it is on the ministry's clock. */
export const siteYearOf = (now: Date): number => inSiteTimeZone(now).year();

const toTheme = (row: { year: number; title: string; verse: string }): YearTheme => ({
  year: Number(row.year),
  title: row.title,
  verse: row.verse,
});

/** The theme of the year it is now on the ministry's clock, if the staff gave it one. */
export async function currentYearTheme(db: Kysely<Database>, now: Date): Promise<YearTheme | null> {
  const row = await db
    .selectFrom('year_themes')
    .select(['year', 'title', 'verse'])
    .where('year', '=', siteYearOf(now))
    .executeTakeFirst();
  return row ? toTheme(row) : null;
}

/** Every year's theme, the latest year first. */
export async function listYearThemes(db: Kysely<Database>): Promise<YearTheme[]> {
  const rows = await db.selectFrom('year_themes').select(['year', 'title', 'verse']).orderBy('year', 'desc').execute();
  return rows.map(toTheme);
}

/** Sets a year's theme (a new one, or the year's changed); whether the year had one before. */
export async function saveYearTheme(db: Kysely<Database>, theme: YearTheme): Promise<{ existed: boolean }> {
  const before = await db.selectFrom('year_themes').select('year').where('year', '=', theme.year).executeTakeFirst();
  await db
    .insertInto('year_themes')
    .values({ year: theme.year, title: theme.title, verse: theme.verse })
    .onConflict((oc) => oc.column('year').doUpdateSet({ title: theme.title, verse: theme.verse, updated_at: new Date() }))
    .execute();
  return { existed: Boolean(before) };
}

/** Removes a year's theme; whether there was one. */
export async function removeYearTheme(db: Kysely<Database>, year: number): Promise<boolean> {
  const result = await db.deleteFrom('year_themes').where('year', '=', year).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
