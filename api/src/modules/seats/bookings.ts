/**
 * Bookings and the seats they hold. Every change of seats is one short
 * transaction around conditional UPDATEs on the event row, so that the
 * CHECK (seats_held + seats_sold <= number_of_seats) is never even tried
 * in vain: safe with many processes on PostgreSQL and on PGlite's single
 * connection alike. No network call ever happens inside these transactions.
 *
 * A member may cancel a paid booking until `CANCEL_HOURS_BEFORE` hours before
 * the event (not once it is checked in): in one transaction the booking
 * becomes refund_due (refund_reason member_cancelled) and its seats go back;
 * the refund itself is made after the commit (fulfilment.ts), once. The
 * seats freed are offered to the event's waitlist in the same transaction.
 * What the member sees of their bookings is bookingViews.ts.
 */
import { SERIES_NOT_BOOKED } from '../events/recurrence.js';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { BookingsTable, EventsTable } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { newTicketToken } from './tickets.js';
import { offerFreeSeats, type Offer, type OfferOptions } from './waitlist.js';

export type BookingRow = Selectable<BookingsTable>;
type EventRow = Selectable<EventsTable>;
type Executor = Kysely<Database>;

/** Runs `fn` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Executor, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}

const seatsLeftOf = (e: Pick<EventRow, 'number_of_seats' | 'seats_held' | 'seats_sold'>): number =>
  Math.max(0, e.number_of_seats - e.seats_held - e.seats_sold);

export interface ReserveInput {
  userId: string;
  eventId: string;
  quantity: number;
  /** How long the seats stay held while the member pays. */
  holdMinutes: number;
  /**
   * After a member's hold on an event's seats has run its time, how long
   * before they may hold seats of that event again (0: at once).
   */
  cooldownMinutes?: number;
  provider: string;
  /** SEATS_PER_MEMBER: the seats of this checkout and those the member bought count together against it. */
  seatsPerMember?: number;
}

/** More seats than SEATS_PER_MEMBER, counting those the member has bought (`owned`). */
export class SeatCapError extends Error {
  constructor(
    readonly seatsPerMember: number,
    readonly owned: number,
  ) {
    super('seat cap');
  }
}

/** Why a member may not hold seats right now: they held some until their time ran out. */
export class HoldLapsedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('hold lapsed');
  }
}

export interface Reservation {
  booking: BookingRow;
  event: EventRow;
  /** The member's earlier unpaid checkouts for this event, released by this one. */
  replaced: BookingRow[];
}

/**
 * Holds `quantity` seats for the member and records a pending booking, in one
 * transaction. A member holds one checkout per event: starting another gives
 * the seats of the earlier one back first.
 *
 * The hold time is the only grace: holds started again (replaced, cancelled
 * and taken anew) keep the deadline of the first one, and once that deadline
 * has passed the member waits `cooldownMinutes` before holding seats of the
 * event again. So no one keeps seats from others for ever by checking out
 * again and again.
 */
export async function reserveSeats(db: Executor, input: ReserveInput): Promise<Reservation> {
  const { userId, eventId, quantity, holdMinutes, cooldownMinutes = 0 } = input;
  return inTransaction(db, async (trx) => {
    const now = Date.now();
    const { first } = await trx
      .selectFrom('bookings')
      .select((eb) => eb.fn.min('expires_at').as('first'))
      .where('user_id', '=', userId)
      .where('event_id', '=', eventId)
      .where('status', 'in', ['pending', 'cancelled', 'expired'])
      .where('created_at', '>', new Date(now - (holdMinutes + cooldownMinutes) * 60_000))
      .executeTakeFirstOrThrow();
    // The first hold of the chain has the earliest deadline; later ones kept it.
    const deadline =
      first === null ? now + holdMinutes * 60_000 : Math.min(new Date(first).getTime(), now + holdMinutes * 60_000);
    if (deadline <= now) {
      throw new HoldLapsedError(Math.ceil((deadline + cooldownMinutes * 60_000 - now) / 1000));
    }

    const replaced = await trx
      .updateTable('bookings')
      .set({ status: 'cancelled', released_at: new Date() })
      .where('user_id', '=', userId)
      .where('event_id', '=', eventId)
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
    // Seats bought count with the seats held (an offer from the waitlist was replaced just above).
    if (input.seatsPerMember !== undefined) {
      const { owned } = await trx
        .selectFrom('bookings')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), sql<number>`0`).as('owned'))
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .where('status', 'in', ['pending', 'paid'])
        .executeTakeFirstOrThrow();
      if (Number(owned) + quantity > input.seatsPerMember) throw new SeatCapError(input.seatsPerMember, Number(owned));
    }
    const replacedSeats = replaced.reduce((sum, b) => sum + b.quantity, 0);
    if (replacedSeats > 0) {
      await trx
        .updateTable('events')
        .set((eb) => ({ seats_held: eb('seats_held', '-', replacedSeats) }))
        .where('id', '=', eventId)
        .execute();
    }

    const event = await trx
      .updateTable('events')
      .set((eb) => ({ seats_held: eb('seats_held', '+', quantity) }))
      .where('id', '=', eventId)
      .where('event_date', '>', new Date())
      .where('cancelled_at', 'is', null)
      // A series is booked by its dates, never as a whole.
      .where('recurrence', 'is', null)
      .where(sql<boolean>`seats_held + seats_sold + ${quantity} <= number_of_seats`)
      // Free seats a member on the waitlist could take are theirs (waitlist.ts beside this file offers them).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('waitlist_entries')
              .select('waitlist_entries.id')
              .whereRef('waitlist_entries.event_id', '=', 'events.id')
              .where('waitlist_entries.status', '=', 'waiting')
              .where(sql<boolean>`waitlist_entries.quantity <= events.number_of_seats - events.seats_held - events.seats_sold`),
          ),
        ),
      )
      .returningAll()
      .executeTakeFirst();

    if (!event) {
      const current = await trx.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
      if (!current) throw notFound('That event');
      if (current.recurrence) throw conflict(SERIES_NOT_BOOKED);
      if (current.cancelled_at) throw conflict('This event has been cancelled.');
      if (new Date(current.event_date).getTime() <= Date.now()) throw conflict('This event has already taken place.');
      const kept = await trx
        .selectFrom('waitlist_entries')
        .select('id')
        .where('event_id', '=', eventId)
        .where('status', '=', 'waiting')
        .where('quantity', '<=', seatsLeftOf(current))
        .limit(1)
        .executeTakeFirst();
      const left = kept ? 0 : seatsLeftOf(current);
      throw conflict(
        left === 0 ? 'Sorry, this event is sold out.' : left === 1 ? 'Only 1 seat is left.' : `Only ${left} seats are left.`,
      );
    }

    const booking = await trx
      .insertInto('bookings')
      .values({
        id: newId(),
        user_id: userId,
        event_id: eventId,
        quantity,
        unit_price: event.seat_price,
        status: 'pending',
        provider: input.provider,
        expires_at: new Date(deadline),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { booking, event, replaced };
  });
}

/**
 * One ticket per seat of a booking just paid (or reserved, at a free event),
 * in the caller's transaction: the first with the booking's own token, the
 * others with new ones. A booking that has its tickets already keeps them.
 */
export async function issueTickets(trx: Executor, booking: Pick<BookingRow, 'id' | 'event_id' | 'quantity' | 'ticket_token'>) {
  const first = booking.ticket_token ?? newTicketToken();
  await trx
    .insertInto('event_tickets')
    .values(
      Array.from({ length: booking.quantity }, (_, i) => ({
        id: newId(),
        booking_id: booking.id,
        event_id: booking.event_id,
        position: i + 1,
        token: i === 0 ? first : newTicketToken(),
      })),
    )
    .onConflict((oc) => oc.columns(['booking_id', 'position']).doNothing())
    .execute();
}

/** Whether an event's seats are free of charge (a free event: reserved, never paid). */
export const isFreePrice = (price: string | number): boolean => Number(price) === 0;

/** The provider name of reservations of free events (nothing to pay, nothing to refund). */
export const FREE_PROVIDER = 'free';

export type FreeReservation =
  | { outcome: 'reserved'; booking: BookingRow; event: EventRow }
  | { outcome: 'not_free' }
  | { outcome: 'too_many_seats'; seatsPerMember: number; owned: number };

/**
 * A member reserves `quantity` places at a free event: in one transaction the
 * seats are sold (never more than the event has, nor any a member waiting
 * could take) and the booking is made with its tickets, no payment step.
 * A member holding seats offered from the waitlist confirms them instead
 * (their number is the offer's).
 */
export async function reserveFreeSeats(
  db: Executor,
  input: { userId: string; eventId: string; quantity: number; seatsPerMember: number },
): Promise<FreeReservation> {
  const { userId, eventId, quantity } = input;
  return inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
    if (!current) throw notFound('That event');
    if (current.recurrence) throw conflict(SERIES_NOT_BOOKED);
    if (!isFreePrice(current.seat_price)) return { outcome: 'not_free' };
    // Seats offered from the waitlist: held for this member, confirmed now.
    const offered = await trx
      .selectFrom('bookings')
      .innerJoin('waitlist_entries', 'waitlist_entries.booking_id', 'bookings.id')
      .select('bookings.id')
      .where('bookings.user_id', '=', userId)
      .where('bookings.event_id', '=', eventId)
      .where('bookings.status', '=', 'pending')
      .where('bookings.expires_at', '>', new Date())
      .where('waitlist_entries.status', '=', 'offered')
      .executeTakeFirst();
    if (offered) {
      const { outcome, booking } = await markBookingPaid(trx, offered.id, FREE_PROVIDER);
      if (outcome === 'paid' && booking) return { outcome: 'reserved', booking, event: current };
      if (current.cancelled_at) throw conflict('This event has been cancelled.');
      throw conflict('Sorry, the places offered to you are no longer held.');
    }
    const { owned } = await trx
      .selectFrom('bookings')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), sql<number>`0`).as('owned'))
      .where('user_id', '=', userId)
      .where('event_id', '=', eventId)
      .where('status', 'in', ['pending', 'paid'])
      .executeTakeFirstOrThrow();
    if (Number(owned) + quantity > input.seatsPerMember)
      return { outcome: 'too_many_seats', seatsPerMember: input.seatsPerMember, owned: Number(owned) };
    const event = await trx
      .updateTable('events')
      .set((eb) => ({ seats_sold: eb('seats_sold', '+', quantity) }))
      .where('id', '=', eventId)
      .where('event_date', '>', new Date())
      .where('cancelled_at', 'is', null)
      .where(sql<boolean>`seats_held + seats_sold + ${quantity} <= number_of_seats`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('waitlist_entries')
              .select('waitlist_entries.id')
              .whereRef('waitlist_entries.event_id', '=', 'events.id')
              .where('waitlist_entries.status', '=', 'waiting')
              .where(sql<boolean>`waitlist_entries.quantity <= events.number_of_seats - events.seats_held - events.seats_sold`),
          ),
        ),
      )
      .returningAll()
      .executeTakeFirst();
    if (!event) {
      if (current.cancelled_at) throw conflict('This event has been cancelled.');
      if (new Date(current.event_date).getTime() <= Date.now()) throw conflict('This event has already taken place.');
      const left = seatsLeftOf(current);
      throw conflict(
        left === 0 || left >= quantity
          ? 'Sorry, this event is full.'
          : left === 1
            ? 'Only 1 place is left.'
            : `Only ${left} places are left.`,
      );
    }
    const now = new Date();
    const booking = await trx
      .insertInto('bookings')
      .values({
        id: newId(),
        user_id: userId,
        event_id: eventId,
        quantity,
        unit_price: 0,
        status: 'paid',
        provider: FREE_PROVIDER,
        provider_payment_ref: FREE_PROVIDER,
        expires_at: now,
        paid_at: now,
        ticket_token: newTicketToken(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await issueTickets(trx, booking);
    return { outcome: 'reserved', booking, event };
  });
}

/** Remembers the provider's checkout of a booking. */
export async function attachCheckout(db: Executor, bookingId: string, session: { id: string; url: string }): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ provider_session_id: session.id, checkout_url: session.url })
    .where('id', '=', bookingId)
    .execute();
}

export type PaidOutcome =
  /** This call confirmed the booking: its seats are sold (send the confirmation). */
  | 'paid'
  /** Already confirmed (a replayed or concurrent notice): nothing changed. */
  | 'already'
  /** Paid after the hold lapsed and the seats were gone: to be refunded, nothing sold. */
  | 'refund_due'
  /** No such booking. */
  | 'unknown';

/**
 * A booking was paid: its held seats become sold. A payment that arrives
 * after the hold was released (late, or out of order) sells the seats again
 * only if they are still free; otherwise the booking is marked refund_due.
 * Nothing is sold for a cancelled event: its payment is refund_due at once
 * (refund_reason `event_cancelled`).
 */
export async function markBookingPaid(
  db: Executor,
  bookingId: string,
  paymentRef: string,
): Promise<{ outcome: PaidOutcome; booking?: BookingRow }> {
  return inTransaction(db, async (trx) => {
    const now = new Date();
    const paid = await trx
      .updateTable('bookings')
      .set({ status: 'paid', paid_at: now, provider_payment_ref: paymentRef, ticket_token: newTicketToken() })
      .where('id', '=', bookingId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (paid) {
      const sold = await trx
        .updateTable('events')
        .set((eb) => ({ seats_held: eb('seats_held', '-', paid.quantity), seats_sold: eb('seats_sold', '+', paid.quantity) }))
        .where('id', '=', paid.event_id)
        .where('cancelled_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (sold) {
        await issueTickets(trx, paid);
        return { outcome: 'paid', booking: paid };
      }
      // Held before the event was cancelled, paid after: the seats go back and the payment is refunded.
      await trx
        .updateTable('events')
        .set((eb) => ({ seats_held: eb('seats_held', '-', paid.quantity) }))
        .where('id', '=', paid.event_id)
        .execute();
      const due = await trx
        .updateTable('bookings')
        .set({ status: 'refund_due', refund_reason: 'event_cancelled' })
        .where('id', '=', bookingId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { outcome: 'refund_due', booking: due };
    }

    const late = await trx
      .updateTable('bookings')
      .set({ status: 'paid', paid_at: now, provider_payment_ref: paymentRef, released_at: null, ticket_token: newTicketToken() })
      .where('id', '=', bookingId)
      .where('status', 'in', ['expired', 'cancelled'])
      .returningAll()
      .executeTakeFirst();
    if (!late) {
      const current = await trx.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
      return current ? { outcome: 'already', booking: current } : { outcome: 'unknown' };
    }
    const resold = await trx
      .updateTable('events')
      .set((eb) => ({ seats_sold: eb('seats_sold', '+', late.quantity) }))
      .where('id', '=', late.event_id)
      .where('cancelled_at', 'is', null)
      .where(sql<boolean>`seats_held + seats_sold + ${late.quantity} <= number_of_seats`)
      .returning('id')
      .executeTakeFirst();
    if (resold) {
      await issueTickets(trx, late);
      return { outcome: 'paid', booking: late };
    }
    const event = await trx.selectFrom('events').select('cancelled_at').where('id', '=', late.event_id).executeTakeFirst();
    const due = await trx
      .updateTable('bookings')
      .set({ status: 'refund_due', refund_reason: event?.cancelled_at ? 'event_cancelled' : 'late_payment' })
      .where('id', '=', bookingId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { outcome: 'refund_due', booking: due };
  });
}

/** Records the refund of a refund_due booking; undefined when it was recorded before (by another process, say). */
export async function markBookingRefunded(db: Executor, bookingId: string, refundRef: string): Promise<BookingRow | undefined> {
  return db
    .updateTable('bookings')
    .set({ status: 'refunded', refund_ref: refundRef, refunded_at: new Date() })
    .where('id', '=', bookingId)
    .where('status', '=', 'refund_due')
    .returningAll()
    .executeTakeFirst();
}

/** How long a refund claimed by one request keeps others from trying it (the provider's call is under way). */
export const REFUND_CLAIM_MS = 2 * 60_000;

/**
 * Claims the refund of a refund_due booking for this request: true for
 * exactly one of the requests that try at once (or again after a claim
 * lapsed, when the request that held it failed without saying so).
 */
export async function claimRefund(db: Executor, bookingId: string, now = new Date()): Promise<boolean> {
  const claimed = await db
    .updateTable('bookings')
    .set({ refund_started_at: now })
    .where('id', '=', bookingId)
    .where('status', '=', 'refund_due')
    .where((eb) =>
      eb.or([eb('refund_started_at', 'is', null), eb('refund_started_at', '<', new Date(now.getTime() - REFUND_CLAIM_MS))]),
    )
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Gives a claim back when the provider could not refund, so the next try may. */
export async function releaseRefundClaim(db: Executor, bookingId: string): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ refund_started_at: null })
    .where('id', '=', bookingId)
    .where('status', '=', 'refund_due')
    .execute();
}

/** Claims the cancellation notice of a booking: true once per booking. */
export async function claimCancellationNotice(db: Executor, bookingId: string): Promise<boolean> {
  const claimed = await db
    .updateTable('bookings')
    .set({ cancellation_sent_at: new Date() })
    .where('id', '=', bookingId)
    .where('cancellation_sent_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Gives the notice's claim back when the mail could not be sent. */
export async function releaseCancellationNotice(db: Executor, bookingId: string): Promise<void> {
  await db.updateTable('bookings').set({ cancellation_sent_at: null }).where('id', '=', bookingId).execute();
}

/** Bookings paid before `paidBefore` still waiting for their refund (the provider could not be reached), oldest first. */
export async function listRefundsDue(db: Executor, paidBefore: Date, limit = 20): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('status', '=', 'refund_due')
    .where('paid_at', '<', paidBefore)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Gives a pending booking's seats back. Anything else (paid, already released) is left as it is. */
export async function releaseBooking(
  db: Executor,
  bookingId: string,
  status: 'expired' | 'cancelled',
): Promise<BookingRow | undefined> {
  return inTransaction(db, async (trx) => {
    const released = await trx
      .updateTable('bookings')
      .set({ status, released_at: new Date() })
      .where('id', '=', bookingId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (released) {
      await trx
        .updateTable('events')
        .set((eb) => ({ seats_held: eb('seats_held', '-', released.quantity) }))
        .where('id', '=', released.event_id)
        .execute();
    }
    return released;
  });
}

/** Releases every hold whose time is up, in one statement; answers how many bookings expired. */
export async function releaseExpired(db: Executor, now: Date = new Date()): Promise<number> {
  const result = await sql<{ bookings: number }>`
    WITH expired AS (
      UPDATE bookings SET status = 'expired', released_at = now()
      WHERE status = 'pending' AND expires_at <= ${now}
      RETURNING event_id, quantity
    ), totals AS (
      SELECT event_id, SUM(quantity)::int AS seats, COUNT(*)::int AS bookings FROM expired GROUP BY event_id
    ), released AS (
      UPDATE events SET seats_held = events.seats_held - totals.seats
      FROM totals WHERE events.id = totals.event_id
      RETURNING totals.bookings
    )
    SELECT COALESCE(SUM(bookings), 0)::int AS bookings FROM released`.execute(db);
  return result.rows[0]?.bookings ?? 0;
}

export type CancelOutcome =
  | { outcome: 'cancelled'; booking: BookingRow; offers: Offer[] }
  | { outcome: 'not_found' }
  | { outcome: 'not_paid'; status: string }
  | { outcome: 'too_late'; deadline: Date; free: boolean }
  | { outcome: 'checked_in' }
  | { outcome: 'event_cancelled' };

/**
 * The member gives a paid booking back: refund_due and seats released, in one
 * transaction, for exactly one of any number of concurrent requests.
 */
export async function cancelPaidBooking(
  db: Kysely<Database>,
  input: { bookingId: string; userId: string; hoursBefore: number; now?: Date; offer?: OfferOptions },
): Promise<CancelOutcome> {
  const now = input.now ?? new Date();
  const run = async (trx: Transaction<Database>): Promise<CancelOutcome> => {
    const found = await trx
      .selectFrom('bookings')
      .innerJoin('events', 'events.id', 'bookings.event_id')
      .select(['bookings.status', 'bookings.checked_in_at', 'bookings.provider', 'events.event_date', 'events.cancelled_at'])
      .where('bookings.id', '=', input.bookingId)
      .where('bookings.user_id', '=', input.userId)
      .executeTakeFirst();
    if (!found) return { outcome: 'not_found' };
    if (found.status !== 'paid') return { outcome: 'not_paid', status: found.status };
    if (found.cancelled_at) return { outcome: 'event_cancelled' };
    if (found.checked_in_at) return { outcome: 'checked_in' };
    // A free reservation may be given back until the event begins (nothing to refund).
    const free = found.provider === FREE_PROVIDER;
    const deadline = new Date(new Date(found.event_date).getTime() - (free ? 0 : input.hoursBefore) * 3_600_000);
    if (now >= deadline) return { outcome: 'too_late', deadline, free };
    const cancelled = await trx
      .updateTable('bookings')
      .set(
        free
          ? { status: 'cancelled', released_at: now, member_cancelled_at: now }
          : { status: 'refund_due', refund_reason: 'member_cancelled', member_cancelled_at: now },
      )
      .where('id', '=', input.bookingId)
      .where('status', '=', 'paid')
      .where('checked_in_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!cancelled) {
      const current = await trx
        .selectFrom('bookings')
        .select('status')
        .where('id', '=', input.bookingId)
        .executeTakeFirstOrThrow();
      return { outcome: 'not_paid', status: current.status };
    }
    await trx
      .updateTable('events')
      .set((eb) => ({ seats_sold: sql<number>`greatest(0, ${eb.ref('seats_sold')} - ${cancelled.quantity})` }))
      .where('id', '=', cancelled.event_id)
      .execute();
    // The seats go to the waitlist first, in this same transaction (mail the offers after the commit).
    const offers = input.offer ? await offerFreeSeats(trx, cancelled.event_id, input.offer) : [];
    return { outcome: 'cancelled', booking: cancelled, offers };
  };
  return inTransaction(db, run);
}
