/** Public reads of spec section 7: what every visitor can see. */
import { http } from './client';
import type {
  ChurchLocation,
  Devotional,
  DevotionalTag,
  Envelope,
  MinistryEvent,
  MyNewsletter,
  NewsItem,
  NewsletterAnswer,
  PageOf,
  Prayer,
  PressRelease,
  Story,
} from '../types';

export async function getLocations(): Promise<ChurchLocation[]> {
  return (await http.get<Envelope<ChurchLocation[]>>('/api/locations')).data.data;
}

export async function getEvents(): Promise<MinistryEvent[]> {
  return (await http.get<Envelope<MinistryEvent[]>>('/api/events')).data.data;
}

export async function getEvent(eventId: string): Promise<MinistryEvent> {
  return (await http.get<Envelope<MinistryEvent>>(`/api/events/search/${encodeURIComponent(eventId)}`)).data.data;
}

/** The event as a calendar file (.ics) to download: a link, not a call. */
export const eventCalendarUrl = (eventId: string): string => `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;

export async function getRecentNews(): Promise<NewsItem[]> {
  return (await http.get<NewsItem[]>('/api/news/recent')).data;
}

/** One news item, however old (404 when it does not exist, 400 for a malformed id). */
export async function getNewsItem(id: string): Promise<NewsItem> {
  return (await http.get<Envelope<NewsItem>>(`/api/news/${encodeURIComponent(id)}`)).data.data;
}

/** A page's number as a query parameter: none for the first. */
const pageParams = (page?: number, limit?: number): Record<string, number> => ({
  ...(page && page > 1 ? { page } : {}),
  ...(limit ? { limit } : {}),
});

/** Every news item, a page at a time, newest first. */
export async function getNewsPage(page?: number): Promise<PageOf<NewsItem>> {
  return (await http.get<PageOf<NewsItem>>('/api/news', { params: pageParams(page) })).data;
}

/** The newest press releases (the first page). */
export async function getPressReleases(): Promise<PressRelease[]> {
  return (await getPressReleasesPage()).data;
}

/** The press releases, a page at a time, newest first. */
export async function getPressReleasesPage(page?: number): Promise<PageOf<PressRelease>> {
  return (await http.get<PageOf<PressRelease>>('/api/pressrelease', { params: pageParams(page) })).data;
}

/** One press release, however old (404 when it does not exist, 400 for a malformed id). */
export async function getPressRelease(id: string): Promise<PressRelease> {
  return (await http.get<Envelope<PressRelease>>(`/api/pressrelease/${encodeURIComponent(id)}`)).data.data;
}

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

/** The newest prayers of the wall (the first page). */
export async function getPrayers(): Promise<Prayer[]> {
  return (await getPrayersPage()).data;
}

/** The prayer wall a page at a time, newest first (the signed-in member's own awaiting review among them). */
export async function getPrayersPage(page?: number): Promise<PageOf<Prayer>> {
  return (await http.get<PageOf<Prayer>>('/api/prayers/', { params: pageParams(page) })).data;
}

/** One prayer, as the visitor may see it (404 when they may not). */
export async function getPrayer(id: string): Promise<Prayer> {
  return (await http.get<Envelope<Prayer>>(`/api/prayers/${encodeURIComponent(id)}`)).data.data;
}

/** The newest stories (the first page). */
export async function getStories(): Promise<Story[]> {
  return (await http.get<Story[]>('/api/story/')).data;
}

/**
 * The stories a page at a time, newest first: the signed-in member's own
 * awaiting review among them, unless `publishedOnly`; `limit`: a page's size.
 */
/** GET /api/prayers/{id}/page: the page of the wall the prayer is on (404 when the visitor may not see it). */
export async function getPrayerPageNumber(id: string): Promise<number> {
  return (await http.get<Envelope<{ page: number }>>(`/api/prayers/${encodeURIComponent(id)}/page`)).data.data.page;
}

/** GET /api/stories/{id}/page: the page of the stories the story is on (404 when the visitor may not see it). */
export async function getStoryPageNumber(id: string): Promise<number> {
  return (await http.get<Envelope<{ page: number }>>(`/api/stories/${encodeURIComponent(id)}/page`)).data.data.page;
}

export async function getStoriesPage(
  options: { page?: number; limit?: number; publishedOnly?: boolean } = {},
): Promise<PageOf<Story>> {
  const params = { ...pageParams(options.page, options.limit), ...(options.publishedOnly ? { published: true } : {}) };
  return (await http.get<PageOf<Story>>('/api/stories', { params })).data;
}

export async function getTopStories(): Promise<Story[]> {
  return (await http.get<Story[]>('/api/story/top')).data;
}

/** POST /api/newsletter: asks for the newsletter; the answer ("Check your inbox to confirm") is the same for every address. */
export async function subscribeNewsletter(email: string): Promise<NewsletterAnswer> {
  return (await http.post<Envelope<NewsletterAnswer>>('/api/newsletter', { email })).data.data;
}

/** POST /api/newsletter/confirm: the link of the confirmation mail. */
export async function confirmNewsletter(token: string): Promise<NewsletterAnswer> {
  return (await http.post<Envelope<NewsletterAnswer>>('/api/newsletter/confirm', { token })).data.data;
}

/** POST /api/newsletter/unsubscribe: the unsubscribe link of a newsletter (no sign-in needed). */
export async function unsubscribeNewsletter(token: string): Promise<NewsletterAnswer> {
  return (await http.post<Envelope<NewsletterAnswer>>('/api/newsletter/unsubscribe', { token })).data.data;
}

/** GET /api/user/newsletter: the signed-in member's own subscription. */
export async function getMyNewsletter(): Promise<MyNewsletter> {
  return (await http.get<Envelope<MyNewsletter>>('/api/user/newsletter')).data.data;
}

/** PUT /api/user/newsletter: the member subscribes (at once when their address is confirmed) or unsubscribes. */
export async function setMyNewsletter(subscribed: boolean): Promise<MyNewsletter> {
  return (await http.put<Envelope<MyNewsletter>>('/api/user/newsletter', { subscribed })).data.data;
}
