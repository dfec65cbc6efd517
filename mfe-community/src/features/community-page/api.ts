/** The community page's own call: the ministry's latest news beside the posts. */
import { http } from '@ministry/shared/api';
import type { NewsItem } from '@ministry/shared/types';

export async function getRecentNews(): Promise<NewsItem[]> {
  return (await http.get<NewsItem[]>('/api/news/recent')).data;
}
