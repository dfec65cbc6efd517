/**
 * A calendar feed's addresses: the https one (to paste into a calendar app),
 * the webcal: one (opens the visitor's calendar app to subscribe) and
 * Google Calendar's "add by URL" link.
 */
import { apiBase } from '@ministry/shared/api';

/** The site's own origin: the API's when it is elsewhere (development), else the page's. */
export function siteOrigin(): string {
  const base = apiBase();
  if (/^https?:\/\//.test(base)) return new URL(base).origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** '/calendar.ics', '/calendar.ics?location=<id>&category=Youth': the church's feed with the filters given. */
export function churchFeedPath(filters: { location?: string | null; category?: string | null } = {}): string {
  const query = new URLSearchParams();
  if (filters.location) query.set('location', filters.location);
  if (filters.category) query.set('category', filters.category);
  const search = query.toString();
  return `/calendar.ics${search ? `?${search}` : ''}`;
}

export interface FeedAddresses {
  https: string;
  webcal: string;
  google: string;
}

/** The addresses of a feed given by its absolute https address. */
export function feedAddresses(https: string): FeedAddresses {
  const webcal = https.replace(/^https?:/, 'webcal:');
  return {
    https,
    webcal,
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
  };
}
