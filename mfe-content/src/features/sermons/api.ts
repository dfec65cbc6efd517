/** The sermons' calls: the list (narrowed and searched), the values it can be narrowed by, the series, one sermon. */
import { http } from '@ministry/shared/api';
import type { Envelope, PageOf, Sermon, SermonFilters, SermonQuery, SermonSeries, SermonSummary } from '@ministry/shared/types';

/** Only what is set, so the address stays short (and the server's cache key the same). */
const params = (query: SermonQuery & { limit?: number }) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));

/** A page of the published sermons, newest first (by relevance when searched). */
export async function getSermons(query: SermonQuery & { limit?: number } = {}): Promise<PageOf<SermonSummary>> {
  const { page, ...rest } = query;
  return (
    await http.get<PageOf<SermonSummary>>('/api/sermons', {
      params: params({ ...rest, page: page && page > 1 ? page : undefined }),
    })
  ).data;
}

/** The newest sermon, or null before the first. */
export async function getLatestSermon(): Promise<SermonSummary | null> {
  return (await getSermons({ limit: 1 })).data[0] ?? null;
}

/** The series, speakers, books and years in use, with their counts. */
export async function getSermonFilters(): Promise<SermonFilters> {
  return (await http.get<Envelope<SermonFilters>>('/api/sermons/filters')).data.data;
}

/** Every series with sermons, the latest preached first. */
export async function getSermonSeries(): Promise<SermonSeries[]> {
  return (await http.get<Envelope<SermonSeries[]>>('/api/sermons/series')).data.data;
}

/** A series and its sermons in the order preached. */
export async function getSeries(slug: string): Promise<{ series: SermonSeries; sermons: SermonSummary[] }> {
  return (
    await http.get<Envelope<{ series: SermonSeries; sermons: SermonSummary[] }>>(
      `/api/sermons/series/${encodeURIComponent(slug)}`,
    )
  ).data.data;
}

/** One sermon by slug or id, with its series' other sermons. */
export async function getSermon(slugOrId: string): Promise<Sermon> {
  return (await http.get<Envelope<Sermon>>(`/api/sermons/${encodeURIComponent(slugOrId)}`)).data.data;
}
