import { sql, type Kysely } from 'kysely';
import type { NewsItem } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { pageWindow, pagingOf, type PageQuery, type Paging } from '../../lib/paging.js';

export type ArticleRow = { id: string; title: string; description: string; photo: string; created_at: Date | string };

export const toArticle = (r: ArticleRow): NewsItem => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  photo: r.photo,
  createdAt: new Date(r.created_at).toISOString(),
});

/** News items and press releases: the tables of the articles the staff write. */
export type ArticleTable = 'news' | 'press_releases';

/** What the public may read at `now` (the site's clock): published and due (a scheduled item appears on its date). */
export function visibleArticles(db: Kysely<Database>, table: ArticleTable, now: Date) {
  return db
    .selectFrom(table)
    .select(['id', 'title', 'description', 'photo', 'created_at'])
    .where('status', '=', 'published')
    .where('created_at', '<=', now);
}

/** When the next scheduled item of `table` becomes due (null: none is scheduled). */
export async function nextArticleDue(db: Kysely<Database>, table: ArticleTable, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.min('created_at').as('next'))
    .where('status', '=', 'published')
    .where('created_at', '>', now)
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}

/** How many items a page of the news or press list holds. */
export const ARTICLES_PAGE = 12;

/** The published items of `table` whose date has come, newest first, a page at a time. */
export async function pageOfArticles(
  db: Kysely<Database>,
  table: ArticleTable,
  now: Date,
  query: PageQuery = {},
): Promise<{ data: NewsItem[]; paging: Paging }> {
  const { page, pageSize, offset } = pageWindow(query, ARTICLES_PAGE);
  const [rows, count] = await Promise.all([
    visibleArticles(db, table, now).orderBy('created_at', 'desc').orderBy('id').limit(pageSize).offset(offset).execute(),
    visibleArticles(db, table, now)
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toArticle), paging: pagingOf(page, pageSize, Number(count.n)) };
}

/** One item of `table` the public may read. */
export async function findArticle(
  db: Kysely<Database>,
  table: ArticleTable,
  id: string,
  now: Date,
): Promise<NewsItem | undefined> {
  const row = await visibleArticles(db, table, now).where('id', '=', id).executeTakeFirst();
  return row && toArticle(row);
}

export async function listRecentNews(db: Kysely<Database>, limit: number, now: Date): Promise<NewsItem[]> {
  const rows = await visibleArticles(db, 'news', now).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  return rows.map(toArticle);
}

export const findNews = (db: Kysely<Database>, id: string, now: Date): Promise<NewsItem | undefined> =>
  findArticle(db, 'news', id, now);
