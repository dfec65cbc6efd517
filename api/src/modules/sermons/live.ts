/**
 * Watching live (/live). The churches' service times (a weekday and a time
 * on the church's clock: its time zone, else the site's) give each
 * service's moment; a service lasts
 * LIVE_SERVICE_MINUTES, and the stream its church set (a YouTube or Vimeo
 * live address) is shown from LIVE_MARGIN_MINUTES before it starts to as
 * many after it ends. Otherwise the page counts down to the next service.
 */
import ical from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import type { Kysely } from 'kysely';
import { siteIdentity } from '@ministry/shared/config';
import { inSiteTimeZone } from '@ministry/shared/format';
import { embedAddress, videoFromAddress, videoPage } from '@ministry/shared/validation';
import type { LiveService, LiveStatus } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';

const MINUTE = 60_000;
/** How far ahead services are looked for: a week and a day covers every weekly service. */
const DAYS_AHEAD = 8;

export interface LiveSettings {
  serviceMinutes: number;
  marginMinutes: number;
}

interface Occurrence {
  service: LiveService;
  start: number;
  end: number;
  /** When its stream shows (the margin around it). */
  opens: number;
  closes: number;
}

/** Every service from yesterday to a week ahead, in time order. */
async function occurrences(db: Kysely<Database>, now: Date, settings: LiveSettings): Promise<Occurrence[]> {
  const rows = await db
    .selectFrom('church_services as cs')
    .innerJoin('churches as c', 'c.id', 'cs.church_id')
    .select([
      'c.id',
      'c.church_name',
      'c.adress',
      'c.live_stream_url',
      'c.time_zone',
      'cs.name',
      'cs.weekday',
      'cs.start_time',
      'cs.language',
    ])
    .orderBy('c.position')
    .orderBy('cs.position')
    .execute();
  const found: Occurrence[] = [];
  for (const row of rows) {
    // A church's services are on its own clock (its time zone, else the site's).
    const zone = row.time_zone ?? siteIdentity.timeZone;
    const today = inSiteTimeZone(now, zone).hour(12);
    for (let offset = -1; offset <= DAYS_AHEAD; offset++) {
      const day = today.add(offset, 'day');
      if (day.day() !== row.weekday) continue;
      const start = inSiteTimeZone(`${day.format('YYYY-MM-DD')}T${row.start_time}`, zone).valueOf();
      const end = start + settings.serviceMinutes * MINUTE;
      const hosted = row.live_stream_url ? videoFromAddress(row.live_stream_url) : null;
      found.push({
        start,
        end,
        opens: start - settings.marginMinutes * MINUTE,
        closes: end + settings.marginMinutes * MINUTE,
        service: {
          church: { _id: row.id, name: row.church_name, address: row.adress, timeZone: zone },
          name: row.name,
          language: row.language,
          startsAt: new Date(start).toISOString(),
          endsAt: new Date(end).toISOString(),
          stream: hosted ? { kind: hosted.provider, src: embedAddress(hosted), pageUrl: videoPage(hosted) } : null,
        },
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** What the live page shows at `now`. */
export async function liveStatus(db: Kysely<Database>, now: Date, settings: LiveSettings): Promise<LiveStatus> {
  const at = now.getTime();
  const all = await occurrences(db, now, settings);
  const streamed = all.filter((o) => o.service.stream);
  const live = streamed.filter((o) => o.opens <= at && at < o.closes);
  // The next service a visitor could watch; where no church streams, the next one to come to.
  const next = (streamed.length ? streamed : all).find((o) => o.start > at) ?? null;
  const moments = [...streamed.flatMap((o) => [o.opens, o.closes]), ...(next ? [next.start] : [])].filter((m) => m > at);
  return {
    now: now.toISOString(),
    live: live.map((o) => o.service),
    marginMinutes: settings.marginMinutes,
    next: next?.service ?? null,
    changesAt: moments.length ? new Date(Math.min(...moments)).toISOString() : null,
  };
}

/** The next service as a calendar entry (.ics), in the site's time zone; null when there is none. */
export function serviceCalendar(service: LiveService, publicUrl: string): string {
  const zone = siteIdentity.timeZone;
  const calendar = ical({
    name: siteIdentity.ministryName,
    prodId: { company: siteIdentity.ministryName, product: 'services' },
    timezone: { name: zone, generator: getVtimezoneComponent },
  });
  const start = inSiteTimeZone(service.startsAt);
  const link = new URL('/live', publicUrl).toString();
  calendar.createEvent({
    id: `${service.church._id}-${start.format('YYYYMMDDHHmm')}@${new URL(publicUrl).hostname}`,
    start,
    end: inSiteTimeZone(service.endsAt),
    timezone: zone,
    summary: `${service.name} — ${service.church.name}`,
    description: service.stream ? `Watch live: ${link}` : `Join us: ${service.church.address}\n\n${link}`,
    location: `${service.church.name}, ${service.church.address}`,
    url: link,
  });
  return calendar.toString();
}
