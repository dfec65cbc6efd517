/**
 * An event as a calendar entry (.ics), in the site's time zone: the visitor's
 * calendar shows it at the right local hour wherever they are.
 */
import ical, { ICalEventStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { siteIdentity } from '@ministry/shared/config';
import { inSiteTimeZone, plainText } from '@ministry/shared/format';
import type { MinistryEvent } from '@ministry/shared/types';

/** How long an event lasts in the calendar when its length is not told. */
export const DEFAULT_EVENT_MINUTES = 120;

export function eventCalendar(event: MinistryEvent, publicUrl: string): string {
  const zone = siteIdentity.timeZone;
  const calendar = ical({
    name: siteIdentity.ministryName,
    prodId: { company: siteIdentity.ministryName, product: 'events' },
    timezone: { name: zone, generator: getVtimezoneComponent },
  });
  const start = inSiteTimeZone(event.event_date);
  const link = new URL(`/events/${event._id}`, publicUrl).toString();
  calendar.createEvent({
    id: `${event._id}@${new URL(publicUrl).hostname}`,
    start,
    end: start.add(event.durationMinutes ?? DEFAULT_EVENT_MINUTES, 'minute'),
    timezone: zone,
    summary: event.title,
    description: `${plainText(event.description)}\n\n${link}`,
    location: event.place ? [event.place.name, event.place.address].filter(Boolean).join(', ') : null,
    url: link,
    // A cancelled event stays in the calendars that took it, marked so.
    ...(event.cancelledAt ? { status: ICalEventStatus.CANCELLED } : {}),
  });
  return calendar.toString();
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
