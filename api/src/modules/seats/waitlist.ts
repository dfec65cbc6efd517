/**
 * Waitlists of sold-out events. Seats that come free (a hold runs out, a
 * member cancels, staff add seats) go to the members waiting, first come
 * first served: the first member whose wish fits the free seats gets an
 * offer, a pending booking that holds the seats for WAITLIST_OFFER_HOURS
 * (the same hold the checkout makes, paid on the same checkout page). The
 * offer is taken in one transaction with the event's seat counts, the event
 * row locked, so no seat is offered that is not free and none twice. While
 * a member waiting could take the free seats, an ordinary checkout cannot
 * (bookings.ts beside this file, reserveSeats).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { MyWaitlistEntry, StaffWaitlistEntry } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { SERIES_NOT_BOOKED } from '../events/recurrence.js';

type Executor = Kysely<Database>;

export interface Offer {
  entryId: string;
  bookingId: string;
  userId: string;
  eventId: string;
  quantity: number;
  expiresAt: Date;
}

export interface OfferOptions {
  offerHours: number;
  provider: string;
  /**
   * SEATS_PER_MEMBER: seats held (a checkout or an offer) and bought by one
   * member count together against it; an offer that would take a member
   * past it waits for a smaller one or goes to the next member.
   */
  seatsPerMember?: number;
  now?: Date;
}

/** Seats a member has of an event now: held (a checkout or an offer) and bought. */
export const seatsOfMember = (eventRef: string, userRef: string) =>
  sql<number>`(SELECT COALESCE(SUM(b.quantity), 0) FROM bookings b WHERE b.event_id = ${sql.ref(eventRef)} AND b.user_id = ${sql.ref(userRef)} AND b.status IN ('pending', 'paid'))`;

/**
 * Whether the member of a waitlist entry gave seats of the event back
 * lately (a hold cancelled or run out, a paid booking cancelled, within
 * the offer's length): seats that come free go to the next member
 * waiting, never back to the one who released them.
 */
const releasedLately = (since: Date) =>
  sql<boolean>`EXISTS (SELECT 1 FROM bookings b WHERE b.event_id = waitlist_entries.event_id AND b.user_id = waitlist_entries.user_id AND (b.released_at > ${since} OR b.member_cancelled_at > ${since}))`;

function inTransaction<T>(db: Executor, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}

/** Closes the offers of an event whose booking was paid (booked) or ended (lapsed). */
async function closeSettledOffers(trx: Executor, eventId: string | null, now: Date): Promise<void> {
  for (const [status, bookingStatuses] of [
    ['booked', ['paid', 'refund_due', 'refunded']],
    ['lapsed', ['expired', 'cancelled']],
  ] as const) {
    let query = trx
      .updateTable('waitlist_entries')
      .set({ status, closed_at: now })
      .where('status', '=', 'offered')
      .where((eb) =>
        eb.or([
          eb('booking_id', 'is', null),
          eb.exists(
            eb
              .selectFrom('bookings')
              .select('bookings.id')
              .whereRef('bookings.id', '=', 'waitlist_entries.booking_id')
              .where('bookings.status', 'in', [...bookingStatuses]),
          ),
        ]),
      );
    if (status === 'booked') query = query.where('booking_id', 'is not', null);
    if (eventId) query = query.where('event_id', '=', eventId);
    await query.execute();
  }
}

/**
 * Offers an event's free seats to the members waiting, in the caller's
 * transaction (or one of its own). Answers the offers made; mail them after
 * the commit.
 */
export async function offerFreeSeats(db: Executor, eventId: string, options: OfferOptions): Promise<Offer[]> {
  const now = options.now ?? new Date();
  return inTransaction(db, async (trx) => {
    // The event row locked: every change of its seats waits for this offer, and this offer for them.
    // (Rows are locked in one order everywhere: bookings, then events, then waitlist entries.)
    const event = await trx
      .selectFrom('events')
      .select(['number_of_seats', 'seats_held', 'seats_sold', 'seat_price', 'event_date', 'cancelled_at'])
      .where('id', '=', eventId)
      .forUpdate()
      .executeTakeFirst();
    if (!event) return [];
    await closeSettledOffers(trx, eventId, now);
    if (event.cancelled_at || new Date(event.event_date) <= now) return [];
    let free = event.number_of_seats - event.seats_held - event.seats_sold;
    const offers: Offer[] = [];
    const releasedSince = new Date(now.getTime() - options.offerHours * 3_600_000);
    while (free > 0) {
      let next = trx
        .selectFrom('waitlist_entries')
        .select(['id', 'user_id', 'quantity'])
        .where('event_id', '=', eventId)
        .where('status', '=', 'waiting')
        .where('quantity', '<=', free)
        .where(sql<boolean>`NOT ${releasedLately(releasedSince)}`);
      if (options.seatsPerMember !== undefined) {
        next = next.where(
          sql<boolean>`${seatsOfMember('waitlist_entries.event_id', 'waitlist_entries.user_id')} + waitlist_entries.quantity <= ${options.seatsPerMember}`,
        );
      }
      const entry = await next.orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
      if (!entry) break;
      const held = await trx
        .updateTable('events')
        .set((eb) => ({ seats_held: eb('seats_held', '+', entry.quantity) }))
        .where('id', '=', eventId)
        .where(sql<boolean>`seats_held + seats_sold + ${entry.quantity} <= number_of_seats`)
        .returning('id')
        .executeTakeFirst();
      if (!held) break;
      const expiresAt = new Date(now.getTime() + options.offerHours * 3_600_000);
      const booking = await trx
        .insertInto('bookings')
        .values({
          id: newId(),
          user_id: entry.user_id,
          event_id: eventId,
          quantity: entry.quantity,
          unit_price: event.seat_price,
          status: 'pending',
          provider: options.provider,
          expires_at: expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('waitlist_entries')
        .set({ status: 'offered', booking_id: booking.id, offered_at: now })
        .where('id', '=', entry.id)
        .where('status', '=', 'waiting')
        .execute();
      free -= entry.quantity;
      offers.push({
        entryId: entry.id,
        bookingId: booking.id,
        userId: entry.user_id,
        eventId,
        quantity: entry.quantity,
        expiresAt,
      });
    }
    return offers;
  });
}

/** The events whose free seats some member waiting could take now. */
export async function eventsWithOffersDue(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .innerJoin('events', 'events.id', 'waitlist_entries.event_id')
    .select('waitlist_entries.event_id')
    .distinct()
    .where('waitlist_entries.status', '=', 'waiting')
    .where('events.cancelled_at', 'is', null)
    .where(sql<boolean>`waitlist_entries.quantity <= events.number_of_seats - events.seats_held - events.seats_sold`)
    .execute();
  return rows.map((r) => r.event_id);
}

/** Closes every settled offer (the sweep). */
export const closeAllSettledOffers = (db: Executor, now = new Date()): Promise<void> => closeSettledOffers(db, null, now);

/** Where the member stands on an event's waitlist. */
export async function myWaitlistEntry(db: Executor, eventId: string, userId: string, now = new Date()): Promise<MyWaitlistEntry> {
  await closeSettledOffers(db, eventId, now);
  const entry = await db
    .selectFrom('waitlist_entries')
    .leftJoin('bookings', 'bookings.id', 'waitlist_entries.booking_id')
    .select([
      'waitlist_entries.id',
      'waitlist_entries.status',
      'waitlist_entries.quantity',
      'waitlist_entries.created_at',
      'waitlist_entries.booking_id',
      'bookings.expires_at',
    ])
    .where('waitlist_entries.event_id', '=', eventId)
    .where('waitlist_entries.user_id', '=', userId)
    .where('waitlist_entries.status', 'in', ['waiting', 'offered'])
    .executeTakeFirst();
  if (!entry) return { status: 'none', quantity: 0, position: null, bookingId: null, offerExpiresAt: null };
  if (entry.status === 'offered') {
    return {
      status: 'offered',
      quantity: entry.quantity,
      position: null,
      bookingId: entry.booking_id,
      offerExpiresAt: entry.expires_at ? new Date(entry.expires_at).toISOString() : null,
    };
  }
  const { ahead } = await db
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<string>().as('ahead'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting')
    .where((eb) =>
      eb.or([
        eb('created_at', '<', entry.created_at),
        eb.and([eb('created_at', '=', entry.created_at), eb('id', '<', entry.id)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { status: 'waiting', quantity: entry.quantity, position: Number(ahead) + 1, bookingId: null, offerExpiresAt: null };
}

/**
 * The member joins an event's waitlist for `quantity` seats: only when they
 * cannot book them now (sold out, or the free seats are kept for members
 * waiting), once per event. Offers at once what fits.
 */
export async function joinWaitlist(
  db: Executor,
  input: { eventId: string; userId: string; quantity: number } & OfferOptions,
): Promise<Offer[]> {
  return inTransaction(db, async (trx) => {
    const event = await trx
      .selectFrom('events')
      .select(['number_of_seats', 'seats_held', 'seats_sold', 'event_date', 'cancelled_at', 'recurrence'])
      .where('id', '=', input.eventId)
      .forUpdate()
      .executeTakeFirst();
    if (!event) throw notFound('That event');
    if (event.recurrence) throw conflict(SERIES_NOT_BOOKED);
    if (event.cancelled_at) throw conflict('This event has been cancelled.');
    if (new Date(event.event_date) <= (input.now ?? new Date())) throw conflict('This event has already taken place.');
    const free = event.number_of_seats - event.seats_held - event.seats_sold;
    const waiting = await trx
      .selectFrom('waitlist_entries')
      .select('id')
      .where('event_id', '=', input.eventId)
      .where('status', '=', 'waiting')
      .limit(1)
      .executeTakeFirst();
    if (free >= input.quantity && !waiting) throw conflict('Seats are still free: you can book them now.');
    if (input.seatsPerMember !== undefined) {
      const { seats } = await trx
        .selectFrom('bookings')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), sql<number>`0`).as('seats'))
        .where('event_id', '=', input.eventId)
        .where('user_id', '=', input.userId)
        .where('status', 'in', ['pending', 'paid'])
        .executeTakeFirstOrThrow();
      if (Number(seats) + input.quantity > input.seatsPerMember) {
        const left = Math.max(0, input.seatsPerMember - Number(seats));
        throw conflict(
          `You can have at most ${input.seatsPerMember} seats of an event, held and bought together: ${
            left === 0 ? 'you have them all already' : `you may wait for ${left} more`
          }.`,
        );
      }
    }
    const inserted = await trx
      .insertInto('waitlist_entries')
      // The time of joining, taken under the event's lock: the order of the list is the order joins commit in.
      .values({
        id: newId(),
        event_id: input.eventId,
        user_id: input.userId,
        quantity: input.quantity,
        created_at: sql<Date>`clock_timestamp()`,
      })
      .onConflict((oc) => oc.columns(['event_id', 'user_id']).where('status', 'in', ['waiting', 'offered']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw conflict('You are on the waitlist of this event already.');
    return offerFreeSeats(trx, input.eventId, input);
  });
}

/**
 * The member leaves an event's waitlist. An offer they hold is declined:
 * its seats go back (and on to the next member waiting). Answers the
 * declined offer's booking id, if any.
 */
export async function leaveWaitlist(
  db: Executor,
  eventId: string,
  userId: string,
  now = new Date(),
): Promise<{ left: boolean; declinedBookingId: string | null }> {
  return inTransaction(db, async (trx) => {
    const entry = await trx
      .selectFrom('waitlist_entries')
      .select(['id', 'booking_id'])
      .where('event_id', '=', eventId)
      .where('user_id', '=', userId)
      .where('status', 'in', ['waiting', 'offered'])
      .executeTakeFirst();
    if (!entry) return { left: false, declinedBookingId: null };
    let declinedBookingId: string | null = null;
    if (entry.booking_id) {
      // The offer's seats go back first (the booking, then the event: the order every payment takes).
      const released = await trx
        .updateTable('bookings')
        .set({ status: 'cancelled', released_at: now })
        .where('id', '=', entry.booking_id)
        .where('status', '=', 'pending')
        .returning(['quantity'])
        .executeTakeFirst();
      if (!released) {
        // Paid (or ended) meanwhile: the entry is settled, not left.
        await closeSettledOffers(trx, eventId, now);
        return { left: false, declinedBookingId: null };
      }
      await trx
        .updateTable('events')
        .set((eb) => ({ seats_held: eb('seats_held', '-', released.quantity) }))
        .where('id', '=', eventId)
        .execute();
      declinedBookingId = entry.booking_id;
    }
    const left = await trx
      .updateTable('waitlist_entries')
      .set({ status: 'left', closed_at: now })
      .where('id', '=', entry.id)
      .where('status', 'in', ['waiting', 'offered'])
      .returning('id')
      .executeTakeFirst();
    return { left: left !== undefined, declinedBookingId };
  });
}

/** An event's waitlist for staff: those waiting (in order) and those offered seats. */
export async function staffWaitlist(db: Executor, eventId: string, now = new Date()): Promise<StaffWaitlistEntry[]> {
  await closeSettledOffers(db, eventId, now);
  const rows = await db
    .selectFrom('waitlist_entries')
    .innerJoin('users', 'users.id', 'waitlist_entries.user_id')
    .leftJoin('bookings', 'bookings.id', 'waitlist_entries.booking_id')
    .select([
      'waitlist_entries.id',
      'waitlist_entries.status',
      'waitlist_entries.quantity',
      'waitlist_entries.created_at',
      'users.firstname',
      'users.lastname',
      'users.email',
      'bookings.expires_at',
    ])
    .where('waitlist_entries.event_id', '=', eventId)
    .where('waitlist_entries.status', 'in', ['waiting', 'offered'])
    .orderBy('waitlist_entries.status', 'desc')
    .orderBy('waitlist_entries.created_at')
    .orderBy('waitlist_entries.id')
    .execute();
  let position = 0;
  return rows.map((r) => ({
    _id: r.id,
    name: `${r.firstname} ${r.lastname}`.trim(),
    email: r.email,
    quantity: r.quantity,
    status: r.status === 'offered' ? ('offered' as const) : ('waiting' as const),
    position: r.status === 'waiting' ? ++position : null,
    joinedAt: new Date(r.created_at).toISOString(),
    offerExpiresAt: r.status === 'offered' && r.expires_at ? new Date(r.expires_at).toISOString() : null,
  }));
}
