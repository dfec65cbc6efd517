/** The news items' calls: the newest, a page at a time, one by id. */
import { http } from '@ministry/shared/api';
import type { Envelope, NewsItem, PageOf } from '@ministry/shared/types';

/** A page's number as a query parameter: none for the first. */
const pageParams = (page?: number, limit?: number): Record<string, number> => ({
  ...(page && page > 1 ? { page } : {}),
  ...(limit ? { limit } : {}),
});

export async function getRecentNews(): Promise<NewsItem[]> {
  return (await http.get<NewsItem[]>('/api/news/recent')).data;
}

/** One news item, however old (404 when it does not exist, 400 for a malformed id). */
export async function getNewsItem(id: string): Promise<NewsItem> {
  return (await http.get<Envelope<NewsItem>>(`/api/news/${encodeURIComponent(id)}`)).data.data;
}

/** Every news item, a page at a time, newest first. */
export async function getNewsPage(page?: number): Promise<PageOf<NewsItem>> {
  return (await http.get<PageOf<NewsItem>>('/api/news', { params: pageParams(page) })).data;
}
