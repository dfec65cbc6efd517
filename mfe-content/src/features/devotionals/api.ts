/** The devotionals' calls: the published ones, searched, by tag, one by id or slug. */
import { http } from '@ministry/shared/api';
import type { Devotional, DevotionalTag, Envelope, PageOf } from '@ministry/shared/types';

/** The newest published devotionals (the first page). */
export async function getDevotionals(): Promise<Devotional[]> {
  return (await http.get<PageOf<Devotional>>('/api/devotionals')).data.data;
}

export interface DevotionalPageQuery {
  page?: number;
  /** Words of the title. */
  q?: string;
  tag?: string;
}

/** A page of the published devotionals, newest first: searched by title, or those of one tag. */
export async function getDevotionalsPage({ page, q, tag }: DevotionalPageQuery): Promise<PageOf<Devotional>> {
  const params = { page: page && page > 1 ? page : undefined, q: q?.trim() || undefined };
  const path = tag ? `/api/devotionals/tags/${encodeURIComponent(tag)}` : '/api/devotionals';
  return (await http.get<PageOf<Devotional>>(path, { params: tag ? { page: params.page } : params })).data;
}

/** The tags of the published devotionals, the most used first. */
export async function getPublishedDevotionalTags(): Promise<DevotionalTag[]> {
  return (await http.get<Envelope<DevotionalTag[]>>('/api/devotionals/tags')).data.data;
}

/** By id or by slug. */
export async function getDevotional(idOrSlug: string): Promise<Devotional> {
  return (await http.get<Envelope<Devotional>>(`/api/devotionals/${encodeURIComponent(idOrSlug)}`)).data.data;
}

/** The newest published devotionals of a tag (the first page). */
export async function getDevotionalsByTag(tag: string): Promise<Devotional[]> {
  return (await getDevotionalsPage({ tag })).data;
}
