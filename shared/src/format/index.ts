/**
 * Every date format and text rule of spec section 9. No React here.
 */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';

dayjs.extend(relativeTime);

/** News and events: '05 March 2026'. */
export const formatNewsDate = (iso: string): string => dayjs(iso).format('DD MMMM YYYY');
export const formatEventDate = formatNewsDate;
/** Events: '07:30 PM'. */
export const formatEventTime = (iso: string): string => dayjs(iso).format('hh:mm A');
/** Devotionals: 'Mar 5, 2026' from a timestamp in seconds. */
export const formatDevotionalDate = (seconds: number): string => dayjs.unix(seconds).format('MMM D, YYYY');
/** Devotional weekday: 'Thursday'. */
export const formatWeekday = (seconds: number): string => dayjs.unix(seconds).format('dddd');
/** Prayers, stories, comments and sidebars: '3 hours ago'. */
export const formatRelative = (iso: string, now?: string | number | Date): string =>
  now === undefined ? dayjs(iso).fromNow() : dayjs(iso).from(dayjs(now));

/** Strips tags and collapses whitespace, for summaries of HTML text. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** List pages: the summary is cut at 80 characters. */
export function listSummary(detail: string, limit = 80): string {
  const text = plainText(detail);
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

/**
 * Home list: when the text is longer than 80 characters, its first 150
 * (the original cut characters 3 to 153 of the raw HTML, which only skipped
 * the opening `<p>`; cutting the plain text there would eat the first word).
 */
export function homeSummary(detail: string, limit = 150): string {
  const text = plainText(detail);
  return text.length > 80 && text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}
