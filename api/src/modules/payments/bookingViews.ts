/**
 * Bookings as the member sees them: one booking with its event (the
 * checkout's return pages), the tickets paid for, and "My tickets" with each
 * ticket's code, QR code and until when it may be cancelled.
 */
import type { Kysely } from 'kysely';
import type { Booking, BookingStatus, MyBooking, TicketPass } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { FREE_PROVIDER } from '../seats/bookings.js';
import { groupedCode, shortReference, ticketQrSvg } from '../seats/tickets.js';

type Executor = Kysely<Database>;

const money = (value: number): number => Math.round(value * 100) / 100;

function bookingQuery(db: Executor) {
  return db
    .selectFrom('bookings')
    .innerJoin('events', 'events.id', 'bookings.event_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select([
      'bookings.id',
      'bookings.user_id',
      'bookings.quantity',
      'bookings.unit_price',
      'bookings.status',
      'bookings.created_at',
      'bookings.expires_at',
      'bookings.paid_at',
      'bookings.provider',
      'bookings.provider_session_id',
      'events.id as event_id',
      'events.title as event_title',
      'events.event_date',
      'events.photo as event_photo',
      'events.cancelled_at as event_cancelled_at',
      'bookings.refunded_at',
      'bookings.ticket_token',
      'bookings.refund_reason',
      'bookings.checked_in_at',
      'bookings.member_cancelled_at',
      'events.venue as event_venue',
      'churches.church_name as place_name',
      'churches.adress as place_address',
    ]);
}

type BookingViewRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>['executeTakeFirstOrThrow']>>;

export function toBooking(row: BookingViewRow): Booking {
  const unitPrice = Number(row.unit_price);
  return {
    _id: row.id,
    event: {
      _id: row.event_id,
      title: row.event_title,
      event_date: new Date(row.event_date).toISOString(),
      photo: row.event_photo,
    },
    quantity: row.quantity,
    unitPrice,
    amount: money(unitPrice * row.quantity),
    status: row.status as BookingStatus,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
  };
}

/** A booking as the member sees it now: a pending hold whose time is up reads as expired, before anything releases it. */
export const asSeen = (booking: Booking, now = Date.now()): Booking =>
  booking.status === 'pending' && Date.parse(booking.expiresAt) <= now ? { ...booking, status: 'expired' } : booking;

/** One booking with its event: its row's fields and the booking as the member sees it. */
export type BookingView = BookingViewRow & { booking: Booking };

/** One booking with its event, or undefined. */
export async function findBookingView(db: Executor, id: string): Promise<BookingView | undefined> {
  const row = await bookingQuery(db).where('bookings.id', '=', id).executeTakeFirst();
  return row && { ...row, booking: toBooking(row) };
}

/** The member's tickets: paid bookings, soonest event first. */
export async function listTickets(db: Executor, userId: string): Promise<Booking[]> {
  const rows = await bookingQuery(db)
    .where('bookings.user_id', '=', userId)
    .where('bookings.status', '=', 'paid')
    .orderBy('events.event_date')
    .orderBy('bookings.created_at')
    .execute();
  return rows.map(toBooking);
}

/**
 * "My tickets": every booking the member paid for or reserved, as it stands
 * now (paid or reserved, refund on its way, refunded, a free reservation
 * cancelled), each with its tickets (one per seat) while it is valid;
 * events to come first (soonest first), then the others (latest first).
 */
export async function listMyTickets(
  db: Executor,
  userId: string,
  options: { now?: number; cancelHoursBefore?: number } = {},
): Promise<MyBooking[]> {
  const now = options.now ?? Date.now();
  const hoursBefore = options.cancelHoursBefore ?? 48;
  const rows = await bookingQuery(db)
    .where('bookings.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('bookings.status', 'in', ['paid', 'refund_due', 'refunded']),
        // Free reservations given back, by the member or with their event.
        eb.and([
          eb('bookings.status', '=', 'cancelled'),
          eb('bookings.provider', '=', FREE_PROVIDER),
          eb.or([eb('bookings.member_cancelled_at', 'is not', null), eb('bookings.refund_reason', '=', 'event_cancelled')]),
        ]),
      ]),
    )
    .orderBy('events.event_date')
    .orderBy('bookings.created_at')
    .execute();
  const passes = rows.length
    ? await db
        .selectFrom('event_tickets')
        .select(['id', 'booking_id', 'position', 'token', 'checked_in_at', 'forwarded_to'])
        .where(
          'booking_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('position')
        .execute()
    : [];
  const tickets = await Promise.all(
    rows.map(async (row): Promise<MyBooking> => {
      const booking = toBooking(row);
      const eventAt = new Date(row.event_date).getTime();
      const paid = row.status === 'paid' && row.ticket_token !== null;
      const free = row.provider === FREE_PROVIDER;
      const cancelUntil = free ? eventAt : eventAt - hoursBefore * 3_600_000;
      const place = row.place_address ? [row.place_name, row.place_address].filter(Boolean).join(', ') : row.event_venue;
      const ahead = eventAt >= now;
      const own = paid ? passes.filter((p) => p.booking_id === row.id) : [];
      const ticketPasses = await Promise.all(
        own.map(async (p): Promise<TicketPass> => ({
          _id: p.id,
          position: p.position,
          code: groupedCode(p.token),
          qrSvg: ahead ? await ticketQrSvg(p.token) : null,
          checkedInAt: p.checked_in_at ? new Date(p.checked_in_at).toISOString() : null,
          forwardedTo: p.forwarded_to,
        })),
      );
      return {
        ...booking,
        event: {
          ...booking.event,
          cancelledAt: row.event_cancelled_at ? new Date(row.event_cancelled_at).toISOString() : null,
          place: place ?? null,
        },
        refundedAt: row.refunded_at ? new Date(row.refunded_at).toISOString() : null,
        ticketCode: paid ? groupedCode(row.ticket_token!) : null,
        qrSvg: paid && ahead ? await ticketQrSvg(row.ticket_token!) : null,
        cancelUntil: paid && !row.event_cancelled_at && !row.checked_in_at && ahead ? new Date(cancelUntil).toISOString() : null,
        cancelledByMember: row.refund_reason === 'member_cancelled' || (free && row.member_cancelled_at !== null),
        checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
        free,
        reference: shortReference(row.id),
        tickets: ticketPasses,
      };
    }),
  );
  const ahead = (t: MyBooking) => !t.event.cancelledAt && Date.parse(t.event.event_date) >= now;
  return [...tickets.filter(ahead), ...tickets.filter((t) => !ahead(t)).reverse()];
}
