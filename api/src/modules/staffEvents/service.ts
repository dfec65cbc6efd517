/**
 * Events as the staff run them: create and edit (date and time on the site's
 * clock; never fewer seats than are sold or held), the attendees of each,
 * and cancellation (in one transaction: the event is marked cancelled, the
 * seats still held are released and the paid bookings become refund_due;
 * the refunds and e-mails follow, outside it: payments/fulfilment.ts).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { AttendeeTicketList, AttendeeWithTickets, StaffEvent, StaffEventInput } from '@ministry/shared/types';
import { eventMessages } from '@ministry/shared/validation';
import type { Database } from '../../db/index.js';
import { FREE_PROVIDER, type BookingRow } from '../seats/bookings.js';
import type { EventsTable } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { groupedCode, shortReference } from '../seats/tickets.js';
import { parseRule } from '../events/recurrence.js';

type Db = Kysely<Database>;
type EventRow = Selectable<EventsTable>;

/** The instant of a date and time on the site's clock. */
export const siteInstant = (date: string, time: string): Date => inSiteTimeZone(`${date}T${time}`).toDate();

export const money = (value: number): number => Math.round(value * 100) / 100;

function toStaffEvent(row: EventRow, paidBookings: number): StaffEvent {
  const when = inSiteTimeZone(new Date(row.event_date));
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    date: when.format('YYYY-MM-DD'),
    time: when.format('HH:mm'),
    event_date: new Date(row.event_date).toISOString(),
    durationMinutes: row.duration_minutes,
    category: row.category,
    place: row.venue && !row.church_id ? 'address' : 'church',
    churchId: row.church_id,
    address: row.church_id ? null : row.venue,
    photo: row.photo,
    price: Number(row.seat_price),
    seats: row.number_of_seats,
    seatsSold: row.seats_sold,
    seatsHeld: row.seats_held,
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
    paidBookings,
    recurrence: parseRule(row.recurrence),
    seriesId: row.series_id,
    occurrenceOn: row.occurrence_on,
    overridden: row.overridden,
  };
}

async function paidCounts(db: Db, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bookings')
    .select(['event_id', sql<string>`count(*)`.as('n')])
    .where('event_id', 'in', eventIds)
    .where('status', '=', 'paid')
    .groupBy('event_id')
    .execute();
  return new Map(rows.map((r) => [r.event_id, Number(r.n)]));
}

/** Every event, those to come first (soonest first), then past ones (latest first); cancelled ones among them. */
export async function listStaffEvents(db: Db, now: Date): Promise<StaffEvent[]> {
  const rows = await db.selectFrom('events').selectAll().orderBy('event_date').execute();
  const paid = await paidCounts(
    db,
    rows.map((r) => r.id),
  );
  const upcoming = rows.filter((r) => new Date(r.event_date) >= now);
  const past = rows.filter((r) => new Date(r.event_date) < now).reverse();
  return [...upcoming, ...past].map((r) => toStaffEvent(r, paid.get(r.id) ?? 0));
}

export async function findStaffEvent(db: Db, id: string): Promise<StaffEvent | undefined> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toStaffEvent(row, (await paidCounts(db, [id])).get(id) ?? 0);
}

/** The church an event is at must exist; answers a 400 under the field otherwise. */
export async function checkPlace(db: Db, input: StaffEventInput): Promise<void> {
  if (input.place !== 'church' || !input.churchId) return;
  const church = await db.selectFrom('churches').select('id').where('id', '=', input.churchId).executeTakeFirst();
  if (!church) throw badRequest(eventMessages.church, { churchId: eventMessages.church });
}

export const placeColumns = (input: StaffEventInput) =>
  input.place === 'church' ? { church_id: input.churchId, venue: null } : { church_id: null, venue: input.address };

/** A new event (its date must be still to come). */
export async function createEvent(db: Db, input: StaffEventInput, now: Date): Promise<StaffEvent> {
  const at = siteInstant(input.date, input.time);
  if (at <= now) throw badRequest(eventMessages.future, { date: eventMessages.future });
  await checkPlace(db, input);
  const row = await db
    .insertInto('events')
    .values({
      id: newId(),
      title: input.title,
      description: input.description,
      photo: input.photo,
      event_date: at,
      seat_price: money(input.price),
      number_of_seats: input.seats,
      price_id: null,
      duration_minutes: input.durationMinutes,
      category: input.category ?? null,
      ...placeColumns(input),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStaffEvent(row, 0);
}

export interface EventChange {
  before: StaffEvent;
  after: StaffEvent;
}

/**
 * Saves the staff's changes. The seats are set in the same statement that
 * checks them against those sold or held right then, so a checkout at the
 * same moment can never leave more seats taken than the event has. A new
 * price drops the provider's price identifier, so the checkout charges the
 * price the page shows. A date moved must still be to come.
 */
export async function updateEvent(db: Db, id: string, input: StaffEventInput, now: Date): Promise<EventChange> {
  const before = await findStaffEvent(db, id);
  if (!before) throw notFound('That event');
  if (before.cancelledAt) throw conflict('This event was cancelled and can no longer be changed.');
  const at = siteInstant(input.date, input.time);
  const moved = at.getTime() !== Date.parse(before.event_date);
  // A series' first date may be past: its dates to come follow from it.
  if (moved && at <= now && !before.recurrence) throw badRequest(eventMessages.future, { date: eventMessages.future });
  await checkPlace(db, input);
  const price = money(input.price);
  const row = await db
    .updateTable('events')
    .set({
      title: input.title,
      description: input.description,
      photo: input.photo,
      event_date: at,
      seat_price: price,
      number_of_seats: input.seats,
      duration_minutes: input.durationMinutes,
      category: input.category ?? null,
      ...placeColumns(input),
      ...(price !== before.price ? { price_id: null } : {}),
      // An occurrence changed on its own keeps its changes when the series is edited.
      ...(before.seriesId ? { overridden: true } : {}),
    })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .where(sql<boolean>`seats_held + seats_sold <= ${input.seats}`)
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const current = await db
      .selectFrom('events')
      .select(['seats_held', 'seats_sold', 'cancelled_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw notFound('That event');
    if (current.cancelled_at) throw conflict('This event was cancelled and can no longer be changed.');
    const taken = current.seats_held + current.seats_sold;
    throw badRequest(eventMessages.seatsTaken(taken), { seats: eventMessages.seatsTaken(taken) });
  }
  return { before, after: toStaffEvent(row, before.paidBookings) };
}

/** 'title, date and seats' from what a save changed, for the activity log; null when nothing did. */
export function describeChange({ before, after }: EventChange): string | null {
  const changed: string[] = [];
  if (before.title !== after.title) changed.push('title');
  if (before.description !== after.description) changed.push('description');
  if (before.event_date !== after.event_date) changed.push(`date (${after.date} ${after.time})`);
  if (before.durationMinutes !== after.durationMinutes) changed.push('length');
  if ((before.category ?? null) !== (after.category ?? null)) changed.push('category');
  if (before.place !== after.place || before.churchId !== after.churchId || before.address !== after.address)
    changed.push('place');
  if (before.photo !== after.photo) changed.push('photo');
  if (before.price !== after.price) changed.push(`price (${before.price} → ${after.price})`);
  if (before.seats !== after.seats) changed.push(`seats (${before.seats} → ${after.seats})`);
  if (changed.length === 0) return null;
  return changed.length === 1 ? changed[0]! : `${changed.slice(0, -1).join(', ')} and ${changed.at(-1)}`;
}

export interface Cancellation {
  event: StaffEvent;
  /** Whether this call cancelled it (false: it was cancelled already). */
  cancelledNow: boolean;
  /** Unpaid holds this call released (their checkouts are closed at the provider after the commit). */
  released: BookingRow[];
}

/** PostgreSQL's deadlock and serialization failures: the transaction may simply be run again. */
const isRetryable = (error: unknown): boolean => ['40P01', '40001'].includes(String((error as { code?: unknown }).code ?? ''));

/**
 * Cancels an event in one transaction: holds are released, paid bookings
 * become refund_due (their seats no longer sold), and the event is marked
 * cancelled, so nothing more is sold. Bookings are locked before the event,
 * in the order every payment takes them. Cancelling again changes nothing.
 */
export async function cancelEvent(db: Db, id: string): Promise<Cancellation> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const released = await trx
          .updateTable('bookings')
          .set({ status: 'cancelled', released_at: new Date() })
          .where('event_id', '=', id)
          .where('status', '=', 'pending')
          .returningAll()
          .execute();
        // Free reservations end there (nothing to refund); paid bookings are refunded after the commit.
        const freed = await trx
          .updateTable('bookings')
          .set({ status: 'cancelled', refund_reason: 'event_cancelled', released_at: new Date() })
          .where('event_id', '=', id)
          .where('status', '=', 'paid')
          .where('provider', '=', FREE_PROVIDER)
          .returningAll()
          .execute();
        const paid = await trx
          .updateTable('bookings')
          .set({ status: 'refund_due', refund_reason: 'event_cancelled' })
          .where('event_id', '=', id)
          .where('status', '=', 'paid')
          .returningAll()
          .execute();
        const refunding = [...freed, ...paid];
        const held = released.reduce((sum, b) => sum + b.quantity, 0);
        const sold = refunding.reduce((sum, b) => sum + b.quantity, 0);
        if (held > 0 || sold > 0) {
          await trx
            .updateTable('events')
            .set((eb) => ({ seats_held: eb('seats_held', '-', held), seats_sold: eb('seats_sold', '-', sold) }))
            .where('id', '=', id)
            .execute();
        }
        const marked = await trx
          .updateTable('events')
          .set({ cancelled_at: new Date() })
          .where('id', '=', id)
          .where('cancelled_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        const event = await findStaffEvent(trx, id);
        if (!event) throw notFound('That event');
        return { event, cancelledNow: marked !== undefined, released };
      });
    } catch (error) {
      if (attempt < 3 && isRetryable(error)) continue;
      throw error;
    }
  }
}

const attendeePayment = (status: string, expiresAt: Date, now: Date): AttendeeWithTickets['payment'] | null => {
  if (status === 'paid') return 'paid';
  if (status === 'refund_due') return 'refund_due';
  if (status === 'refunded') return 'refunded';
  if (status === 'pending' && expiresAt > now) return 'waiting';
  return null;
};

/**
 * An event's bookings for the door and the office: paid ones, holds still
 * waiting for payment, and refunds (due or made); holds that ran out or were
 * given up are left out. Oldest booking first, with the totals.
 */
export async function listAttendees(db: Db, id: string, now: Date): Promise<AttendeeTicketList> {
  const event = await findStaffEvent(db, id);
  if (!event) throw notFound('That event');
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .select([
      'bookings.id',
      'bookings.quantity',
      'bookings.unit_price',
      'bookings.status',
      'bookings.expires_at',
      'bookings.created_at',
      'bookings.paid_at',
      'users.firstname',
      'users.lastname',
      'users.email',
    ])
    .where('bookings.event_id', '=', id)
    .where('bookings.status', 'in', ['paid', 'pending', 'refund_due', 'refunded'])
    .orderBy('bookings.created_at')
    .orderBy('bookings.id')
    .execute();
  const tickets = await db
    .selectFrom('event_tickets')
    .leftJoin('users as staff', 'staff.id', 'event_tickets.checked_in_by')
    .select([
      'event_tickets.id',
      'event_tickets.booking_id',
      'event_tickets.position',
      'event_tickets.token',
      'event_tickets.checked_in_at',
      'event_tickets.forwarded_to',
      'staff.firstname as staff_firstname',
      'staff.lastname as staff_lastname',
    ])
    .where('event_tickets.event_id', '=', id)
    .orderBy('event_tickets.position')
    .execute();
  const attendees: AttendeeWithTickets[] = [];
  for (const row of rows) {
    const payment = attendeePayment(row.status, new Date(row.expires_at), now);
    if (!payment) continue;
    attendees.push({
      reference: shortReference(row.id),
      passes:
        payment === 'paid'
          ? tickets
              .filter((t) => t.booking_id === row.id)
              .map((t) => ({
                _id: t.id,
                position: t.position,
                code: groupedCode(t.token),
                checkedInAt: t.checked_in_at ? new Date(t.checked_in_at).toISOString() : null,
                checkedInBy: t.staff_firstname ? `${t.staff_firstname} ${t.staff_lastname ?? ''}`.trim() : null,
                forwardedTo: t.forwarded_to,
              }))
          : [],
      _id: row.id,
      name: `${row.firstname} ${row.lastname}`.trim(),
      email: row.email,
      tickets: row.quantity,
      payment,
      amount: money(Number(row.unit_price) * row.quantity),
      bookedAt: new Date(row.created_at).toISOString(),
      paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    });
  }
  const sum = (list: AttendeeWithTickets[], pick: (a: AttendeeWithTickets) => number) =>
    list.reduce((total, a) => total + pick(a), 0);
  const of = (payment: AttendeeWithTickets['payment'][]) => attendees.filter((a) => payment.includes(a.payment));
  return {
    event: {
      _id: event._id,
      title: event.title,
      event_date: event.event_date,
      seats: event.seats,
      seatsSold: event.seatsSold,
      seatsHeld: event.seatsHeld,
      cancelledAt: event.cancelledAt,
    },
    attendees,
    free: event.price === 0,
    totals: {
      bookings: attendees.length,
      ticketsPaid: sum(of(['paid']), (a) => a.tickets),
      ticketsWaiting: sum(of(['waiting']), (a) => a.tickets),
      ticketsRefunded: sum(of(['refund_due', 'refunded']), (a) => a.tickets),
      amountPaid: money(sum(of(['paid']), (a) => a.amount)),
      amountRefunded: money(sum(of(['refund_due', 'refunded']), (a) => a.amount)),
    },
  };
}

export const PAYMENT_LABELS: Record<AttendeeWithTickets['payment'], string> = {
  paid: 'Paid',
  waiting: 'Not paid yet (seats held)',
  refund_due: 'Refund under way',
  refunded: 'Refunded',
};
