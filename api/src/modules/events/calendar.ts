/**
 * Events as calendar entries (.ics, RFC 5545): one event's file, the
 * church's subscription feeds and a member's own tickets. Times are on the
 * site's clock (`DTSTART;TZID=…` with the zone's VTIMEZONE), so a calendar
 * shows each event at the right local hour wherever its owner is; DTSTAMP is
 * in UTC (with `Z`), as the RFC asks. Each event keeps one UID (its id at the
 * site's host), so a subscribed calendar updates an entry rather than adding
 * another.
 */
import ical, { ICalEventStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { siteIdentity } from '@ministry/shared/config';
import { inSiteTimeZone, plainText } from '@ministry/shared/format';
import type { MinistryEvent, RecurrenceRule } from '@ministry/shared/types';
import { icalRepeating, localStart, occurrenceInstant } from './recurrence.js';
import { DEFAULT_EVENT_MINUTES } from './service.js';

export interface CalendarOptions {
  /** The calendar's name in the subscriber's list ('Luminaries Christian Ministries'). */
  name?: string;
  /** What the calendar holds, in a sentence. */
  description?: string;
  /** How often a subscribed calendar should look for changes, in seconds (feeds only). */
  refreshSeconds?: number;
  /** Extra text per event, before its link (a member's tickets: how many, their codes). */
  note?: (event: MinistryEvent) => string | null;
}

/** The UID of an event's entry: the same in every file and feed, for as long as the event exists. */
export const eventUid = (eventId: string, publicUrl: string): string => `${eventId}@${new URL(publicUrl).hostname}`;

/** One entry of a calendar: an event, or a member's serving slot (modules/serving). */
export interface CalendarEntry {
  /** Its UID, the same in every file and feed for as long as it exists. */
  uid: string;
  /** When it starts (an instant, or a time on the site's clock). */
  start: string | Date;
  minutes: number;
  summary: string;
  /** Its text, before its link. */
  description: string;
  location: string | null;
  /** Its page on the site. */
  url: string;
  category?: string | null;
  cancelled?: boolean;
  /** A series: its RRULE and EXDATEs (ical-generator's options). */
  repeating?: ReturnType<typeof icalRepeating>;
  /** One changed occurrence of a series: the start it has in the rule (RECURRENCE-ID). */
  recurrenceId?: Date;
}

/** Calendar entries as one .ics file (a feed, or a single entry), on the site's clock. */
export function entriesCalendar(entries: CalendarEntry[], options: CalendarOptions & { product?: string } = {}): string {
  const zone = siteIdentity.timeZone;
  const calendar = ical({
    name: options.name ?? siteIdentity.ministryName,
    description: options.description,
    prodId: { company: siteIdentity.ministryName, product: options.product ?? 'events' },
    // The zone is given per event (DTSTART;TZID=…), not to the calendar: the
    // library writes the calendar's zone into DTSTAMP too, without the `Z`
    // the RFC requires. The VTIMEZONE is written for the events' zone.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: options.refreshSeconds ?? null,
    x: { 'X-WR-TIMEZONE': zone },
  });
  for (const entry of entries) {
    const start = inSiteTimeZone(entry.start);
    calendar.createEvent({
      id: entry.uid,
      start,
      end: start.add(entry.minutes, 'minute'),
      timezone: zone,
      summary: entry.summary,
      description: [entry.description, entry.url].filter(Boolean).join('\n\n'),
      location: entry.location,
      url: entry.url,
      categories: entry.category ? [{ name: entry.category }] : [],
      // A cancelled event stays in the calendars that took it, marked so.
      ...(entry.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
      ...(entry.repeating ? { repeating: entry.repeating } : {}),
      ...(entry.recurrenceId ? { recurrenceId: inSiteTimeZone(entry.recurrenceId) } : {}),
    });
  }
  return calendar.toString();
}

/** The series of a feed by id: their template, rule, and the occurrences changed on their own or cancelled. */
export type FeedSeries = Map<string, { event: MinistryEvent; rule: RecurrenceRule; changed: Set<string> }>;

/**
 * Events as one .ics file. With `series`, the occurrences of each series are
 * one entry (RRULE, EXDATE for the dates skipped), and those changed on their
 * own or cancelled are entries of the same UID with a RECURRENCE-ID.
 */
export function eventsCalendar(
  events: MinistryEvent[],
  publicUrl: string,
  options: CalendarOptions & { series?: FeedSeries } = {},
): string {
  const series = options.series ?? new Map();
  const written = new Set<string>();
  const shown: MinistryEvent[] = [];
  const extra = new Map<string, Partial<CalendarEntry>>();
  for (const event of events) {
    const of = event.seriesId ? series.get(event.seriesId) : undefined;
    if (!of) {
      shown.push(event);
      continue;
    }
    const start = localStart(of.event.event_date);
    if (!written.has(event.seriesId!)) {
      written.add(event.seriesId!);
      shown.push(of.event);
      extra.set(of.event._id, { repeating: icalRepeating(of.rule, start) });
    }
    if (of.changed.has(event._id) && event.occurrenceOn) {
      shown.push(event);
      extra.set(event._id, {
        uid: eventUid(of.event._id, publicUrl),
        recurrenceId: occurrenceInstant(event.occurrenceOn, start.time),
      });
    }
  }
  return entriesCalendar(
    shown.map((event) => {
      const note = options.note?.(event);
      return {
        uid: eventUid(event._id, publicUrl),
        start: event.event_date,
        minutes: event.durationMinutes ?? DEFAULT_EVENT_MINUTES,
        summary: event.title,
        description: [plainText(event.description), note].filter(Boolean).join('\n\n'),
        location: event.place ? [event.place.name, event.place.address].filter(Boolean).join(', ') : null,
        url: new URL(`/events/${event._id}`, publicUrl).toString(),
        category: event.category,
        cancelled: Boolean(event.cancelledAt),
        ...extra.get(event._id),
      };
    }),
    options,
  );
}

/** One event as a calendar file ("Add to calendar", the ticket e-mail's attachment). */
export function eventCalendar(event: MinistryEvent, publicUrl: string): string {
  return eventsCalendar([event], publicUrl);
}

/** A file name for the download: 'night-of-worship.ics'. */
export function calendarFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60);
  return `${base || 'event'}.ics`;
}
