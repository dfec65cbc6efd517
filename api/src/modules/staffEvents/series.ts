/**
 * The staff's side of repeating events (the rows: events/series.ts): making
 * an event repeat, changing or clearing its rule, skipping one date, and
 * "this and following" (the series ends the day before, a new one starts with
 * the changes). Occurrences that leave a series while holding bookings are
 * returned to be cancelled as any event is (routes.ts: refunds and e-mails).
 */
import type { Kysely } from 'kysely';
import type { RecurrenceRule, StaffEvent, StaffEventInput } from '@ministry/shared/types';
import { eventMessages } from '@ministry/shared/validation';
import type { Database } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { addDays, localStart, occurrencesBefore, parseRule } from '../events/recurrence.js';
import { storedRule, syncSeries } from '../events/series.js';
import { checkPlace, findStaffEvent, money, placeColumns, siteInstant } from './service.js';

type Db = Kysely<Database>;

export interface SeriesChange {
  /** The series (its template), or null when it no longer repeats. */
  series: StaffEvent | null;
  /** Occurrences with bookings that left the series: to be cancelled. */
  toCancel: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A rule from the staff's form, checked; a 400 says what is wrong. */
export function checkRule(rule: RecurrenceRule): RecurrenceRule {
  if (rule.until && rule.count) throw badRequest('Choose an end date or a number of times, not both.');
  if (rule.until && !DATE.test(rule.until)) throw badRequest('The end date must be a date (YYYY-MM-DD).');
  if (rule.skipped.some((d) => !DATE.test(d))) throw badRequest('Skipped dates must be dates (YYYY-MM-DD).');
  return { ...rule, weekdays: rule.freq === 'weekly' ? rule.weekdays : [] };
}

async function loadRow(db: Db, id: string) {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('That event');
  return row;
}

/**
 * Sets the rule of an event: a series takes the new rule; one of its
 * occurrences sets its series' rule; a one-off event becomes the first date of
 * a new series made from it (its bookings stay with that date).
 */
export async function setRule(db: Db, id: string, rule: RecurrenceRule, now: Date): Promise<SeriesChange> {
  const row = await loadRow(db, id);
  let templateId = row.recurrence ? row.id : row.series_id;
  if (templateId) {
    await db
      .updateTable('events')
      .set({ recurrence: storedRule(rule) })
      .where('id', '=', templateId)
      .execute();
  } else {
    if (row.cancelled_at) throw conflict('This event was cancelled and can no longer be changed.');
    if (new Date(row.event_date) <= now) throw conflict('This event has already taken place.');
    templateId = newId();
    await db
      .insertInto('events')
      .values({
        id: templateId,
        title: row.title,
        description: row.description,
        photo: row.photo,
        event_date: row.event_date,
        seat_price: row.seat_price,
        number_of_seats: row.number_of_seats,
        price_id: null,
        church_id: row.church_id,
        venue: row.venue,
        duration_minutes: row.duration_minutes,
        category: row.category,
        recurrence: storedRule(rule),
      })
      .execute();
    await db
      .updateTable('events')
      .set({ series_id: templateId, occurrence_on: localStart(row.event_date).date })
      .where('id', '=', row.id)
      .execute();
  }
  const { toCancel } = await syncSeries(db, templateId, now);
  return { series: (await findStaffEvent(db, templateId)) ?? null, toCancel };
}

/**
 * A series no longer repeats: its dates to come that nobody booked are
 * removed, the others stay as one-off events (a cancellation is the staff's
 * choice), and so do past ones.
 */
export async function clearRule(db: Db, id: string, now: Date): Promise<SeriesChange> {
  const row = await loadRow(db, id);
  const templateId = row.recurrence ? row.id : row.series_id;
  if (!templateId) return { series: null, toCancel: [] };
  await db
    .deleteFrom('events')
    .where('series_id', '=', templateId)
    .where('event_date', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('bookings').select('bookings.id').whereRef('bookings.event_id', '=', 'events.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('waitlist_entries').select('waitlist_entries.id').whereRef('waitlist_entries.event_id', '=', 'events.id'),
        ),
      ),
    )
    .execute();
  await db.updateTable('events').set({ series_id: null, overridden: false }).where('series_id', '=', templateId).execute();
  await db.deleteFrom('events').where('id', '=', templateId).execute();
  return { series: null, toCancel: [] };
}

/** One date of a series is skipped: the occurrence goes (cancelled as any event when it has bookings). */
export async function skipOccurrence(db: Db, id: string, now: Date): Promise<SeriesChange> {
  const row = await loadRow(db, id);
  if (!row.series_id || !row.occurrence_on) throw conflict('Only a date of a repeating event can be skipped.');
  if (new Date(row.event_date) <= now) throw conflict('This event has already taken place.');
  const template = await loadRow(db, row.series_id);
  const rule = parseRule(template.recurrence)!;
  await db
    .updateTable('events')
    .set({ recurrence: storedRule({ ...rule, skipped: [...rule.skipped, row.occurrence_on] }) })
    .where('id', '=', template.id)
    .execute();
  const { toCancel } = await syncSeries(db, template.id, now);
  return { series: (await findStaffEvent(db, template.id)) ?? null, toCancel };
}

/**
 * "This and following": the series ends the day before this date, and a new
 * series with the changes starts from it (the same rule; a count goes on with
 * what is left of it). This date's occurrence and the later ones, with their
 * bookings, move to the new series and take its changes.
 */
export async function splitSeries(db: Db, id: string, input: StaffEventInput, now: Date): Promise<SeriesChange> {
  const row = await loadRow(db, id);
  if (!row.series_id || !row.occurrence_on) throw conflict('Only a date of a repeating event can start a new series.');
  if (new Date(row.event_date) <= now) throw conflict('This event has already taken place.');
  const start = siteInstant(input.date, input.time);
  if (start <= now) throw badRequest(eventMessages.future, { date: eventMessages.future });
  await checkPlace(db, input);
  const template = await loadRow(db, row.series_id);
  const rule = parseRule(template.recurrence)!;
  const from = row.occurrence_on;
  const before = occurrencesBefore(rule, localStart(template.event_date), from);
  const rest = rule.count ? rule.count - before : null;
  if (rest !== null && rest <= 0) throw conflict('This date is past the end of its series.');
  const newTemplateId = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('events')
      .values({
        id: newTemplateId,
        title: input.title,
        description: input.description,
        photo: input.photo,
        event_date: start,
        seat_price: money(input.price),
        number_of_seats: input.seats,
        price_id: null,
        duration_minutes: input.durationMinutes,
        category: input.category ?? null,
        ...placeColumns(input),
        recurrence: storedRule({ ...rule, count: rest, skipped: rule.skipped.filter((d) => d >= from) }),
      })
      .execute();
    await trx
      .updateTable('events')
      .set({
        recurrence: storedRule({ ...rule, count: null, until: addDays(from, -1), skipped: rule.skipped.filter((d) => d < from) }),
      })
      .where('id', '=', template.id)
      .execute();
    await trx
      .updateTable('events')
      .set({ series_id: newTemplateId, overridden: false })
      .where('series_id', '=', template.id)
      .where('occurrence_on', '>=', from)
      .execute();
  });
  const old = await syncSeries(db, template.id, now);
  const made = await syncSeries(db, newTemplateId, now);
  return { series: (await findStaffEvent(db, newTemplateId)) ?? null, toCancel: [...old.toCancel, ...made.toCancel] };
}
