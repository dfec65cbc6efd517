/**
 * Series of repeating events, kept as rows: the template (the rule, the
 * fields every occurrence takes) and one event row per occurrence, made up
 * to a year ahead. Each occurrence is then an event like any other: its own
 * page, seats, bookings, tickets and waitlist. `syncSeries` brings the rows
 * in line with the template after any change, and is safe to run again.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { RecurrenceRule } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import type { EventsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { addDays, HORIZON_DAYS, localStart, occurrenceDates, occurrenceInstant, parseRule } from './recurrence.js';

type Db = Kysely<Database>;
type EventRow = Selectable<EventsTable>;

/** The fields an occurrence takes from its series. */
const copied = (template: EventRow) => ({
  title: template.title,
  description: template.description,
  photo: template.photo,
  seat_price: template.seat_price,
  duration_minutes: template.duration_minutes,
  category: template.category,
  church_id: template.church_id,
  venue: template.venue,
});

const today = (now: Date) => localStart(now).date;

export interface SeriesSync {
  /** Occurrences that left the rule while holding bookings: they are to be cancelled as any event is (refunds, e-mails). */
  toCancel: string[];
}

/**
 * Makes a series' rows match its template: occurrences to come are made for
 * each date of the rule up to a year ahead; those to come that are not changed
 * on their own take the template's fields and time; those whose date left the
 * rule (skipped, rule changed) are deleted, or cancelled when anyone booked or
 * waits for them. Past occurrences are left as they are.
 */
export async function syncSeries(db: Db, templateId: string, now: Date): Promise<SeriesSync> {
  const template = await db.selectFrom('events').selectAll().where('id', '=', templateId).executeTakeFirst();
  const rule = parseRule(template?.recurrence ?? null);
  if (!template || !rule) return { toCancel: [] };
  const start = localStart(template.event_date);
  const until = addDays(today(now), HORIZON_DAYS);
  const dates = occurrenceDates(rule, start, until);
  const wanted = new Set(dates);
  const children = await db
    .selectFrom('events')
    .selectAll()
    .select((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom('bookings').select('bookings.id').whereRef('bookings.event_id', '=', 'events.id')),
          eb.exists(
            eb
              .selectFrom('waitlist_entries')
              .select('waitlist_entries.id')
              .whereRef('waitlist_entries.event_id', '=', 'events.id'),
          ),
        ])
        .as('taken'),
    ])
    .where('series_id', '=', templateId)
    .execute();
  const toCancel: string[] = [];
  const have = new Set<string>();
  for (const child of children) {
    const day = child.occurrence_on!;
    have.add(day);
    if (new Date(child.event_date) <= now || child.cancelled_at) continue;
    if (!wanted.has(day)) {
      if (child.taken) toCancel.push(child.id);
      else await db.deleteFrom('events').where('id', '=', child.id).execute();
      continue;
    }
    if (child.overridden) continue;
    const fields = copied(template);
    await db
      .updateTable('events')
      .set({
        ...fields,
        event_date: occurrenceInstant(day, start.time),
        // Never fewer seats than are sold or held already.
        number_of_seats: sql<number>`greatest(${template.number_of_seats}::int, seats_held + seats_sold)`,
        ...(Number(fields.seat_price) !== Number(child.seat_price) ? { price_id: null } : {}),
      })
      .where('id', '=', child.id)
      .execute();
  }
  const missing = dates.filter((day) => !have.has(day) && occurrenceInstant(day, start.time) > now);
  if (missing.length > 0) {
    await db
      .insertInto('events')
      .values(
        missing.map((day) => ({
          id: newId(),
          ...copied(template),
          event_date: occurrenceInstant(day, start.time),
          number_of_seats: template.number_of_seats,
          price_id: null,
          series_id: templateId,
          occurrence_on: day,
        })),
      )
      .onConflict((oc) => oc.columns(['series_id', 'occurrence_on']).where('series_id', 'is not', null).doNothing())
      .execute();
  }
  await db.updateTable('events').set({ materialized_until: until }).where('id', '=', templateId).execute();
  return { toCancel };
}

/**
 * Series whose occurrences were made less than 300 days ahead get the next
 * ones (a series without an end goes on). Cheap when there is nothing to do.
 */
export async function extendSeries(db: Db, now: Date): Promise<void> {
  const due = await db
    .selectFrom('events')
    .select('id')
    .where('recurrence', 'is not', null)
    .where((eb) => eb.or([eb('materialized_until', 'is', null), eb('materialized_until', '<', addDays(today(now), 300))]))
    .execute();
  for (const { id } of due) await syncSeries(db, id, now);
}

/** A rule as stored. */
export const storedRule = (rule: RecurrenceRule): string =>
  JSON.stringify({
    freq: rule.freq,
    interval: rule.interval,
    weekdays: [...new Set(rule.weekdays)].sort(),
    until: rule.until,
    count: rule.count,
    skipped: [...new Set(rule.skipped)].sort(),
  });
