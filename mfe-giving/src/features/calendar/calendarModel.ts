/**
 * What the calendar page shows, worked out from the events and the address
 * (`?view=month|list&month=YYYY-MM&location=<church id>&category=<name>`):
 * no React here. Days are the site's calendar days (an event at 11 PM in the
 * church's time zone is on that day for every visitor).
 */
import dayjs from 'dayjs';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { MinistryEvent } from '@ministry/shared/types';

export type CalendarView = 'month' | 'list';

export interface CalendarQuery {
  view: CalendarView;
  /** 'YYYY-MM'. */
  month: string;
  location: string | null;
  category: string | null;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The page's state from its address; anything unknown falls back to the month view of this month. */
export function readCalendarQuery(params: URLSearchParams, now: Date | number = Date.now()): CalendarQuery {
  const month = params.get('month') ?? '';
  const year = Number(month.slice(0, 4));
  return {
    view: params.get('view') === 'list' ? 'list' : 'month',
    month: MONTH.test(month) && year >= 1970 && year <= 9999 ? month : inSiteTimeZone(now).format('YYYY-MM'),
    location: params.get('location')?.trim() || null,
    category: params.get('category')?.trim() || null,
  };
}

/** The address of the page in another state (only what differs from the defaults is written). */
export function calendarSearch(
  query: CalendarQuery,
  change: Partial<CalendarQuery> = {},
  now: Date | number = Date.now(),
): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.view !== 'month') params.set('view', next.view);
  if (next.view === 'month' && next.month !== inSiteTimeZone(now).format('YYYY-MM')) params.set('month', next.month);
  if (next.location) params.set('location', next.location);
  if (next.category) params.set('category', next.category);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The events at the church and of the category chosen (a category matches whatever its case). */
export function filterEvents(events: MinistryEvent[], query: Pick<CalendarQuery, 'location' | 'category'>): MinistryEvent[] {
  const category = query.category?.toLowerCase();
  return events.filter(
    (event) =>
      (!query.location || event.place?.churchId === query.location) && (!category || event.category?.toLowerCase() === category),
  );
}

/** The churches the events are at, each once, by name. */
export function locationOptions(events: MinistryEvent[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const event of events) {
    const { churchId, name } = event.place ?? {};
    if (churchId && !seen.has(churchId)) seen.set(churchId, name ?? 'A church');
  }
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The categories the events have, each once (the first spelling met), alphabetically. */
export function categoryOptions(events: MinistryEvent[]): string[] {
  const seen = new Map<string, string>();
  for (const { category } of events)
    if (category && !seen.has(category.toLowerCase())) seen.set(category.toLowerCase(), category);
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

/** The site's calendar day of an event: 'YYYY-MM-DD'. */
export const eventDay = (event: Pick<MinistryEvent, 'event_date'>): string =>
  inSiteTimeZone(event.event_date).format('YYYY-MM-DD');

/** The events by their day, each day's in time order. */
export function eventsByDay(events: MinistryEvent[]): Map<string, MinistryEvent[]> {
  const days = new Map<string, MinistryEvent[]>();
  for (const event of [...events].sort((a, b) => Date.parse(a.event_date) - Date.parse(b.event_date))) {
    const day = eventDay(event);
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  return days;
}

/** 'YYYY-MM' moved by `delta` months. */
export const shiftMonth = (month: string, delta: number): string =>
  dayjs(`${month}-01T00:00:00`).add(delta, 'month').format('YYYY-MM');

/** 'December 2026'. */
export const monthName = (month: string): string => dayjs(`${month}-01T00:00:00`).format('MMMM YYYY');

export interface CalendarDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Whether it is a day of the month shown (the first and last weeks have days of the months beside it). */
  inMonth: boolean;
}

/** The month's weeks, Sunday first, whole weeks (days of the months beside it included). */
export function monthWeeks(month: string): CalendarDay[][] {
  const first = dayjs(`${month}-01T00:00:00`);
  const start = first.subtract(first.day(), 'day');
  const last = first.endOf('month');
  const weeks: CalendarDay[][] = [];
  for (let day = start; day.isBefore(last) || day.isSame(last, 'day');) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++, day = day.add(1, 'day')) {
      week.push({ date: day.format('YYYY-MM-DD'), inMonth: day.month() === first.month() });
    }
    weeks.push(week);
  }
  return weeks;
}

/** The events still to come (or under way: not yet ended), in date order. */
export function upcomingEvents(events: MinistryEvent[], now: number = Date.now()): MinistryEvent[] {
  return events
    .filter((event) => Date.parse(event.end_date ?? event.event_date) >= now)
    .sort((a, b) => Date.parse(a.event_date) - Date.parse(b.event_date));
}

/** The page's path in another state: '/calendar', '/calendar?view=list&category=Youth'. */
export const calendarPath = (
  query: CalendarQuery,
  change: Partial<CalendarQuery> = {},
  now: Date | number = Date.now(),
): string => `/calendar${calendarSearch(query, change, now)}`;
