import type { Kysely } from 'kysely';
import type { NewsItem } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';

export type ArticleRow = { id: string; title: string; description: string; photo: string; created_at: Date | string };

export const toArticle = (r: ArticleRow): NewsItem => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  photo: r.photo,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listRecentNews(db: Kysely<Database>, limit: number): Promise<NewsItem[]> {
  const rows = await db.selectFrom('news').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(toArticle);
}

export async function findNews(db: Kysely<Database>, id: string): Promise<NewsItem | undefined> {
  const row = await db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toArticle(row);
}

