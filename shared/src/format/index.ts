/**
 * Every date format and text rule of spec section 9. No React here: the
 * browser apps and the API (e-mails, share previews) format alike.
 *
 * Dates and times are given on the ministry's clock (`siteIdentity.timeZone`),
 * not the visitor's or the server's: today's devotional has today's date for
 * a visitor anywhere, and an e-mail shows an event at the time the page does.
 */
import dayjs, { type Dayjs } from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { siteIdentity } from '../config/site-identity';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/** A date-time that names its offset ('…Z', '…-05:00'): an instant. */
const HAS_OFFSET = /[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * `value` on the ministry's clock. A string without an offset ('2026-03-05',
 * '2026-03-05T19:30') is read as a time on that clock, never the local one.
 */
export function inSiteTimeZone(value: string | number | Date, timeZone: string = siteIdentity.timeZone): Dayjs {
  if (typeof value === 'string' && !HAS_OFFSET.test(value.trim())) return dayjs.tz(value, timeZone);
  const instant = dayjs(value);
  if (!instant.isValid()) return instant;
  // What dayjs's `.tz(timeZone)` gives, ten times faster: it builds a new date
  // formatter for every call (a list of devotionals formats hundreds of dates
  // while a phone takes the page over). As there, the date holds the zone's
  // clock time as the visitor's local time, with the zone's offset; the zone's
  // name stays on it, so `startOf('day')` and the like follow its changes.
  const millisecond = instant.millisecond();
  const wall = wallClockIn(instant.valueOf(), timeZone);
  const offset = Math.round((wall + millisecond - instant.valueOf()) / 60_000);
  const clock = new Date(wall);
  const shown = (
    offset === 0
      ? instant.utc()
      : dayjs(
          new Date(
            clock.getUTCFullYear(),
            clock.getUTCMonth(),
            clock.getUTCDate(),
            clock.getUTCHours(),
            clock.getUTCMinutes(),
            clock.getUTCSeconds(),
            millisecond,
          ),
        ).utcOffset(offset, true)
  ) as Dayjs & { $x: { $timezone?: string } };
  shown.$x.$timezone = timeZone;
  return shown;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date and clock time of `instant` on `timeZone`'s clocks,
 * written as if it were UTC (milliseconds, to the second): what the clocks
 * there show, as a number to count with. One formatter per zone, kept.
 */
export function wallClockIn(instant: number, timeZone: string): number {
  let zoneFormat = zoneFormats.get(timeZone);
  if (!zoneFormat) {
    zoneFormat = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, zoneFormat);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of zoneFormat.formatToParts(instant)) part[type] = Number(value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** News and events: '05 March 2026'. */
export const formatNewsDate = (iso: string): string => inSiteTimeZone(iso).format('DD MMMM YYYY');
export const formatEventDate = formatNewsDate;
/** Events: '07:30 PM'. */
export const formatEventTime = (iso: string): string => inSiteTimeZone(iso).format('hh:mm A');
/** Devotionals: 'Mar 5, 2026' from a timestamp in seconds. */
export const formatDevotionalDate = (seconds: number): string => inSiteTimeZone(seconds * 1000).format('MMM D, YYYY');
/** Devotional weekday: 'Thursday'. */
export const formatWeekday = (seconds: number): string => inSiteTimeZone(seconds * 1000).format('dddd');
/** Prayers, stories, comments and sidebars: '3 hours ago' (the same anywhere: no time zone). */
export const formatRelative = (iso: string, now?: string | number | Date): string =>
  now === undefined ? dayjs(iso).fromNow() : dayjs(iso).from(dayjs(now));

/**
 * Strips tags and collapses whitespace, for summaries of HTML text. A quoted
 * verse's reference (`<cite>`) stays apart from the words around it, in
 * brackets: "…impossible for you. (Matthew 17:20) Jesus measured…".
 */
export function plainText(html: string): string {
  return html
    .replace(/<cite\b[^>]*>([\s\S]*?)<\/cite>/gi, (_, reference: string) =>
      reference.replace(/<[^>]*>/g, '').trim() ? ` (${reference.replace(/<[^>]*>/g, '').trim()}) ` : ' ',
    )
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
 * Home list: a text of up to 150 characters whole, a longer one cut to its
 * first 150 and an ellipsis (the original cut characters 3 to 153 of the raw
 * HTML when it was longer than 80, which only skipped the opening `<p>`;
 * cutting the plain text there would eat the first word).
 */
export function homeSummary(detail: string, limit = 150): string {
  const text = plainText(detail);
  return text.length > 80 && text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

/**
 * A price as the ministry's donors write it: "$60", "$12.50" (whole amounts
 * without cents), in the site's locale and currency.
 */
export function formatPrice(amount: number): string {
  return new Intl.NumberFormat(siteIdentity.locale, {
    style: 'currency',
    currency: siteIdentity.currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 'Sunday' for 0 … 'Saturday' for 6. */
export const weekdayName = (weekday: number): string => WEEKDAYS[weekday] ?? '';

/** A service's local start time as the ministry writes it: '08:00' → '8:00 AM', '19:30' → '7:30 PM'. */
export function formatServiceTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A link that opens an address in the visitor's map (the map app on a phone). */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** OpenStreetMap's embeddable map around a point, with a marker: loaded only when the visitor asks for it. */
export function embeddedMapUrl({ latitude, longitude }: { latitude: number; longitude: number }): string {
  const d = 0.006;
  const bbox = [longitude - d, latitude - d / 2, longitude + d, latitude + d / 2].map((n) => n.toFixed(5)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
}
const pluralRules = new Intl.PluralRules(siteIdentity.locale);

/** The word that goes with `count` by the site's language's plural rules: pluralWord(1, 'comment', 'comments') is 'comment'. */
export const pluralWord = (count: number, one: string, other: string): string =>
  pluralRules.select(count) === 'one' ? one : other;

/** A count and its word, the number written the site's way: "1 comment", "0 comments", "1,200 members". */
export const countOf = (count: number, one: string, other: string): string =>
  `${count.toLocaleString(siteIdentity.locale)} ${pluralWord(count, one, other)}`;

/**
 * How long something lasts, as people say it: "15 minutes", "1 hour",
 * "24 hours", "2 days", "2 hours and 5 minutes" (whole minutes, rounded up;
 * never "1440 minutes").
 */
export function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return countOf(minutes, 'minute', 'minutes');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0 && hours >= 48 && hours % 24 === 0) return countOf(hours / 24, 'day', 'days');
  return rest === 0
    ? countOf(hours, 'hour', 'hours')
    : `${countOf(hours, 'hour', 'hours')} and ${countOf(rest, 'minute', 'minutes')}`;
}

/** A whole number of minutes as people say it (formatDuration of that many minutes): 1440 is "24 hours". */
export const formatMinutes = (minutes: number): string => formatDuration(minutes * 60_000);

/** Seconds as a time in a recording: '4:05', '1:02:03'. */
export function formatTimestamp(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export * from './images';
