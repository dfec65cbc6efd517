/** Public reads of spec section 7: what every visitor can see. */
import { http } from './client';
import type {
  ChurchLocation,
  Devotional,
  Envelope,
  MinistryEvent,
  NewsItem,
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

export async function getRecentNews(): Promise<NewsItem[]> {
  return (await http.get<NewsItem[]>('/api/news/recent')).data;
}

/** One news item, however old (404 when it does not exist, 400 for a malformed id). */
export async function getNewsItem(id: string): Promise<NewsItem> {
  return (await http.get<Envelope<NewsItem>>(`/api/news/${encodeURIComponent(id)}`)).data.data;
}

export async function getPressReleases(): Promise<PressRelease[]> {
  return (await http.get<Envelope<PressRelease[]>>('/api/pressrelease')).data.data;
}

export async function getDevotionals(): Promise<Devotional[]> {
  return (await http.get<Envelope<Devotional[]>>('/api/devotionals')).data.data;
}

/** By id or by slug. */
export async function getDevotional(idOrSlug: string): Promise<Devotional> {
  return (await http.get<Envelope<Devotional>>(`/api/devotionals/${encodeURIComponent(idOrSlug)}`)).data.data;
}

export async function getDevotionalsByTag(tag: string): Promise<Devotional[]> {
  return (await http.get<Envelope<Devotional[]>>(`/api/devotionals/tags/${encodeURIComponent(tag)}`)).data.data;
}

export async function getPrayers(): Promise<Prayer[]> {
  return (await http.get<Envelope<Prayer[]>>('/api/prayers/')).data.data;
}

export async function getStories(): Promise<Story[]> {
  return (await http.get<Story[]>('/api/story/')).data;
}

export async function getTopStories(): Promise<Story[]> {
  return (await http.get<Story[]>('/api/story/top')).data;
}

export async function subscribeNewsletter(email: string): Promise<{ email: string; subscribed: boolean }> {
  return (await http.post<Envelope<{ email: string; subscribed: boolean }>>('/api/newsletter', { email })).data.data;
}
