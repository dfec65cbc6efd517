/**
 * Scheduled content: a devotional, news item or press release has a date (a
 * day on the site's clock); once published, the public sees it from that
 * day on, without anyone acting. "Now" is `app.clock.now()`.
 */
import { siteIdentity } from '@ministry/shared/config';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { ContentState, ContentStatus } from '@ministry/shared/types';

/** 'YYYY-MM-DD' in the site's time zone ('en-CA' writes dates that way). */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: siteIdentity.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The last minute asked for and its day: every cached page asks for today's day on each request. */
let lastDay: { minute: number; day: string } | null = null;

/** The day of `at` on the site's clock, 'YYYY-MM-DD'. */
export function siteDay(at: Date | string): string {
  const time = (at instanceof Date ? at : new Date(at)).getTime();
  // Time zones differ from UTC by whole quarters of an hour: a day starts on a minute.
  const minute = Math.floor(time / 60_000);
  if (lastDay?.minute === minute) return lastDay.day;
  const day = dayFormat.format(time);
  lastDay = { minute, day };
  return day;
}

/**
 * The moment the public sees an item dated `day` from: the start of that day
 * on the site's clock, or `now` for today (so today's newest item comes
 * first). An item whose day does not change keeps its moment (`current`).
 */
export function dueMoment(day: string, now: Date, current?: Date | string): Date {
  if (current !== undefined && siteDay(current) === day) return new Date(current);
  if (day === siteDay(now)) return now;
  return inSiteTimeZone(day).startOf('day').toDate();
}

/** What the public sees of an item: nothing (draft), nothing yet (scheduled), or it. */
export function stateOf(status: ContentStatus, at: Date | string, now: Date): ContentState {
  if (status === 'draft') return 'draft';
  return new Date(at).getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** How long a public answer built `now` stays right: until the next scheduled item is due (null: no such item). */
export const validUntil = (nextDue: Date | string | null | undefined, now: Date): number | null =>
  nextDue ? Math.max(0, new Date(nextDue).getTime() - now.getTime()) : null;
