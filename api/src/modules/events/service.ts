import { sql, type Kysely } from 'kysely';
import type { MinistryEvent, RecurrenceRule } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { describeRule, parseRule } from './recurrence.js';

/** The events with the church each happens at (its name and address), when it is at one. */
function eventsWithPlace(db: Kysely<Database>) {
  return db
    .selectFrom('events')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .leftJoin('events as series', 'series.id', 'events.series_id')
    .selectAll('events')
    .select(['churches.church_name as place_name', 'churches.adress as place_address', 'series.recurrence as series_rule']);
}

/** How long an event lasts in the calendar when its length is not told. */
export const DEFAULT_EVENT_MINUTES = 120;

type EventRow = Awaited<ReturnType<ReturnType<typeof eventsWithPlace>['executeTakeFirstOrThrow']>>;

export function toEvent(row: EventRow): MinistryEvent {
  const place =
    row.church_id && row.place_address
      ? { name: row.place_name, address: row.place_address, churchId: row.church_id }
      : row.venue
        ? { name: null, address: row.venue, churchId: null }
        : null;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    photo: row.photo,
    event_date: new Date(row.event_date).toISOString(),
    seat_price: Number(row.seat_price),
    numberOfSeats: row.number_of_seats,
    // A cancelled event sells nothing more.
    seatsLeft: row.cancelled_at ? 0 : Math.max(0, row.number_of_seats - row.seats_held - row.seats_sold),
    price_Id: row.price_id,
    place,
    durationMinutes: row.duration_minutes,
    end_date: new Date(
      new Date(row.event_date).getTime() + (row.duration_minutes ?? DEFAULT_EVENT_MINUTES) * 60_000,
    ).toISOString(),
    category: row.category,
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
    seriesId: row.series_id,
    occurrenceOn: row.occurrence_on,
    repeats: row.series_rule ? describeRule(parseRule(row.series_rule)!) : null,
  };
}

/** Upcoming events first (soonest first), then past ones (most recent first); cancelled ones are left out. */
export async function listEvents(db: Kysely<Database>): Promise<MinistryEvent[]> {
  const rows = await eventsWithPlace(db)
    .where('events.cancelled_at', 'is', null)
    .where('events.recurrence', 'is', null)
    .orderBy('events.event_date')
    .execute();
  const now = Date.now();
  const upcoming = rows.filter((r) => new Date(r.event_date).getTime() >= now);
  const past = rows.filter((r) => new Date(r.event_date).getTime() < now).reverse();
  return [...upcoming, ...past].map(toEvent);
}

/** One event, cancelled or not (its page says so); a series answers with its next occurrence (or its last). */
export async function findEvent(db: Kysely<Database>, id: string, now = new Date()): Promise<MinistryEvent | undefined> {
  const row = await eventsWithPlace(db).where('events.id', '=', id).executeTakeFirst();
  if (row?.recurrence) {
    const occurrences = eventsWithPlace(db).where('events.series_id', '=', id).where('events.cancelled_at', 'is', null);
    const next =
      (await occurrences.where('events.event_date', '>=', now).orderBy('events.event_date').executeTakeFirst()) ??
      (await occurrences.orderBy('events.event_date', 'desc').executeTakeFirst());
    return next && toEvent(next);
  }
  return row && toEvent(row);
}

/** Which events a calendar or a feed shows: at one church, of one category (either, both or neither). */
export interface EventFilter {
  churchId?: string;
  /** Compared without regard to case. */
  category?: string;
}

/**
 * The events of the church's calendar and its feeds, in date order: every
 * event the public list shows, and also those cancelled that have not taken
 * place yet (a calendar that took one marks it cancelled rather than losing it
 * without a word).
 */
export async function listCalendarEvents(db: Kysely<Database>, filter: EventFilter, now: Date): Promise<MinistryEvent[]> {
  let query = eventsWithPlace(db)
    .where('events.recurrence', 'is', null)
    .where((eb) => eb.or([eb('events.cancelled_at', 'is', null), eb('events.event_date', '>=', now)]));
  if (filter.churchId) query = query.where('events.church_id', '=', filter.churchId);
  if (filter.category) query = query.where(sql`lower(events.category)`, '=', filter.category.toLowerCase());
  return (await query.orderBy('events.event_date').orderBy('events.id').execute()).map(toEvent);
}

/** The events a member holds paid tickets for, with how many tickets each. */
export async function listTicketedEvents(
  db: Kysely<Database>,
  userId: string,
): Promise<{ event: MinistryEvent; tickets: number }[]> {
  const held = await db
    .selectFrom('bookings')
    .select(['event_id', sql<string>`sum(quantity)`.as('tickets')])
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .groupBy('event_id')
    .execute();
  if (held.length === 0) return [];
  const count = new Map(held.map((h) => [h.event_id, Number(h.tickets)]));
  const rows = await eventsWithPlace(db)
    .where('events.id', 'in', [...count.keys()])
    .orderBy('events.event_date')
    .execute();
  return rows.map((row) => ({ event: toEvent(row), tickets: count.get(row.id) ?? 0 }));
}

/** Series (their templates) with their rules, for the feeds: one entry per series. */
export async function listSeries(
  db: Kysely<Database>,
  ids: string[],
): Promise<Map<string, { event: MinistryEvent; rule: RecurrenceRule; changed: Set<string> }>> {
  if (ids.length === 0) return new Map();
  const rows = await eventsWithPlace(db).where('events.id', 'in', ids).where('events.recurrence', 'is not', null).execute();
  const changed = await db
    .selectFrom('events')
    .select(['id', 'series_id'])
    .where('series_id', 'in', ids)
    .where((eb) => eb.or([eb('overridden', '=', true), eb('cancelled_at', 'is not', null)]))
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        event: toEvent(row),
        rule: parseRule(row.recurrence)!,
        changed: new Set(changed.filter((c) => c.series_id === row.id).map((c) => c.id)),
      },
    ]),
  );
}
