/** Where sermons, series and the podcast live, and how their times are written. */
import { siteIdentity } from '@ministry/shared/config';
import { countOf, inSiteTimeZone } from '@ministry/shared/format';
import type { SermonSummary } from '@ministry/shared/types';

/** A sermon's picture (its own, else its series'), or the site's cover when it has none. */
export const sermonImage = (sermon: Pick<SermonSummary, 'image'>): string => sermon.image || '/media/cover.svg';

export const sermonPath = (sermon: Pick<SermonSummary, 'slug'>): string => `/sermons/${encodeURIComponent(sermon.slug)}`;
export const seriesPath = (series: { slug: string }): string => `/sermons/series/${encodeURIComponent(series.slug)}`;

/** The podcast's feed (all sermons, or one series'), as a site path. */
export const feedPath = (seriesSlug?: string): string =>
  seriesSlug ? `/sermons/series/${encodeURIComponent(seriesSlug)}/podcast.xml` : '/sermons/podcast.xml';

/** Subscribe links for a feed's full address: Apple Podcasts, Spotify, and the feed itself. */
export function subscribeLinks(feedUrl: string): { apple: string; spotify: string; rss: string } {
  const { appleUrl, spotifyUrl, title } = siteIdentity.podcast;
  return {
    // Apple's Podcasts app subscribes to a feed given as a podcast:// address.
    apple: appleUrl ?? feedUrl.replace(/^https?:\/\//, 'podcast://'),
    spotify: spotifyUrl ?? `https://open.spotify.com/search/${encodeURIComponent(title)}/podcasts`,
    rss: feedUrl,
  };
}

/** The day a sermon was preached: 'Sunday 1 March 2026'. */
export const formatSermonDate = (day: string): string => inSiteTimeZone(`${day}T12:00`).format('dddd D MMMM YYYY');

/** A recording's length as people say it: '38 min', '1 h 05 min', '45 s'. */
export function formatLength(seconds: number | null | undefined): string {
  if (!seconds) return '';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A recording's length as a screen reader says it. */
export function spokenLength(seconds: number | null | undefined): string {
  if (!seconds) return '';
  if (seconds < 60) return countOf(seconds, 'second', 'seconds');
  const minutes = Math.round(seconds / 60);
  return countOf(minutes, 'minute', 'minutes');
}
