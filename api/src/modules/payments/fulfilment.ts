/**
 * What happens when a payment completes, whoever reports it (a Stripe webhook,
 * the member's return to the success page, or the local test-mode page): the
 * booking's seats are sold in one transaction, then, after it commits, the
 * member gets a ticket confirmation by e-mail. A webhook marks its event id as
 * handled in the same transaction, so a replay changes nothing.
 *
 * A payment that arrives after the hold ended and the seats went to others
 * sells nothing: it is refunded through the provider (never inside a
 * transaction) and the member is told by e-mail. A refund the provider could
 * not make yet stays `refund_due` and is tried again by the sweep.
 *
 * When an admin cancels an event, its paid bookings become `refund_due`
 * (refund_reason `event_cancelled`): each is refunded the same way, and each
 * ticket holder gets one cancellation e-mail instead of the late-payment
 * notice. Every refund is claimed in the database before the provider is
 * called, so however many requests (a retried cancellation, the sweep) try
 * at once, a booking is refunded once.
 */
import type { FastifyInstance } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import { countOf, formatEventDate, formatEventTime, formatPrice } from '@ministry/shared/format';
import type { Booking, TicketPass } from '@ministry/shared/types';
import { actionButton, greeting, type Mailer } from '../../lib/mailer.js';
import { escapeHtml } from '../../lib/html.js';
import { providerFor } from './provider.js';
import type { PaymentProvider } from './providerTypes.js';
import { calendarFileName, eventCalendar } from '../events/calendar.js';
import { findEvent } from '../events/service.js';
import { findUserContact } from '../users/service.js';
import { groupedCode, shortReference, ticketQrPng, ticketQrSvg } from '../seats/tickets.js';
import {
  claimCancellationNotice,
  claimRefund,
  listRefundsDue,
  markBookingPaid,
  markBookingRefunded,
  releaseCancellationNotice,
  releaseRefundClaim,
  FREE_PROVIDER,
  type BookingRow,
  type PaidOutcome,
} from '../seats/bookings.js';
import { findBookingView } from './bookingViews.js';

export interface Fulfilment {
  /** Confirms a paid booking and, once that is committed, e-mails the tickets (or refunds a payment that came too late). */
  bookingPaid(bookingId: string, paymentRef: string): Promise<PaidOutcome>;
  /** The step after the commit alone, for a booking confirmed inside a webhook's transaction. */
  afterPaid(bookingId: string, outcome: PaidOutcome): Promise<void>;
  /** Tries again the refunds that could not be made yet (of payments that came before `paidBefore`); answers how many were made. */
  retryRefunds(paidBefore?: Date): Promise<number>;
  /**
   * After an event's cancellation is committed: refunds each of its bookings
   * due (once each) and tells each ticket holder (once each). Safe to run
   * again and at once from several requests; answers where things stand.
   */
  eventCancelled(eventId: string): Promise<CancellationOutcome>;
  /**
   * After a member's cancellation of a paid booking is committed: refunds it
   * (once, however often called) and tells the member (once). Answers
   * whether the refund is made (else the sweep tries again).
   */
  memberCancelled(bookingId: string): Promise<boolean>;
  /** A refund recorded from the provider's own notice (a webhook): tells the member, once. */
  refundRecorded(bookingId: string): Promise<void>;
  /** E-mails one ticket of the member's (its QR code and code) to a guest's address. */
  forwardTicket(input: { ticketId: string; userId: string; email: string }): Promise<ForwardOutcome>;
}

export type ForwardOutcome =
  | { outcome: 'sent'; ticket: TicketPass }
  | { outcome: 'not_found' }
  | { outcome: 'not_valid'; why: 'not_paid' | 'past' | 'event_cancelled' | 'checked_in' };

/** Where an event's cancellation stands: bookings refunded, refunds still to make (retried by the sweep), ticket holders told. */
export interface CancellationOutcome {
  refunded: number;
  refundsPending: number;
  notified: number;
}

const ticketsText = (booking: Booking): string => countOf(booking.quantity, 'ticket', 'tickets');
const placesText = (booking: Booking): string => countOf(booking.quantity, 'place', 'places');
/** A reservation of a free event: nothing paid, nothing to refund. */
const isFreeBooking = (booking: Booking): boolean => booking.unitPrice === 0;

const whenText = (booking: Booking): string =>
  `${formatEventDate(booking.event.event_date)} at ${formatEventTime(booking.event.event_date)}`;

export function createFulfilment(app: FastifyInstance, provider: PaymentProvider, mailer: Mailer = app.mailer): Fulfilment {
  /** The booking with its event and the member's name and address, or undefined. */
  async function recipient(bookingId: string) {
    const view = await findBookingView(app.db, bookingId);
    if (!view) return undefined;
    const user = await findUserContact(app.db, view.user_id);
    return user && { booking: view.booking, user };
  }

  async function sendConfirmation(bookingId: string): Promise<void> {
    const found = await recipient(bookingId);
    if (!found) return;
    const { booking, user } = found;
    const free = isFreeBooking(booking);
    const row = await app.db.selectFrom('bookings').select(['event_id']).where('id', '=', bookingId).executeTakeFirst();
    const tickets = await app.db
      .selectFrom('event_tickets')
      .select(['token', 'position'])
      .where('booking_id', '=', bookingId)
      .orderBy('position')
      .execute();
    const event = row ? await findEvent(app.db, row.event_id) : undefined;
    const place = event?.place ? [event.place.name, event.place.address].filter(Boolean).join(', ') : null;
    const ticketsUrl = `${app.config.publicUrl}/my-tickets`;
    const attachments: NonNullable<Parameters<Mailer['send']>[0]['attachments']> = [];
    for (const ticket of tickets) {
      const suffix = ticket.position === 1 ? '' : `-${ticket.position}`;
      attachments.push({
        filename: `ticket-qr${suffix}.png`,
        content: await ticketQrPng(ticket.token),
        contentType: 'image/png',
        cid: `ticket-qr${suffix}`,
      });
    }
    if (event)
      attachments.push({
        filename: calendarFileName(event.title),
        content: eventCalendar(event, app.config.publicUrl),
        contentType: 'text/calendar; charset=utf-8',
      });
    const codeLines = tickets.map((t) =>
      t.position === 1 ? `Ticket code: ${groupedCode(t.token)}` : `Ticket ${t.position} code: ${groupedCode(t.token)}`,
    );
    const lines = [
      free
        ? `Thank you! Your places are reserved: ${placesText(booking)} for ${booking.event.title}. This event is free: there is nothing to pay.`
        : `Thank you! Your booking is confirmed: ${ticketsText(booking)} for ${booking.event.title}.`,
      `Date: ${whenText(booking)}`,
      ...(place ? [`Place: ${place}`] : []),
      ...(free ? [] : [`Tickets: ${booking.quantity} × ${formatPrice(booking.unitPrice)} = ${formatPrice(booking.amount)}`]),
      `Booking reference: ${shortReference(booking._id)}`,
      ...codeLines,
    ];
    const each =
      tickets.length > 1
        ? 'Each ticket has its own QR code: each person shows theirs at the entrance (you can send a guest their ticket from My tickets).'
        : 'Show the QR code of this e-mail (or the ticket code) at the entrance.';
    await mailer.send({
      to: user.email,
      subject: free ? `Your reservation: ${booking.event.title}` : `Your tickets: ${booking.event.title}`,
      text: [
        greeting(user.firstname),
        '',
        lines[0],
        '',
        ...lines.slice(1),
        '',
        `${each} The calendar file adds the event to your calendar.`,
        `Your tickets: ${ticketsUrl}`,
        '',
        siteIdentity.ministryName,
        '',
      ].join('\n'),
      html: [
        `<p>${escapeHtml(greeting(user.firstname))}</p>`,
        `<p>${escapeHtml(lines[0])}</p>`,
        `<p>${lines.slice(1).map(escapeHtml).join('<br>')}</p>`,
        ...tickets.map((t) => {
          const suffix = t.position === 1 ? '' : `-${t.position}`;
          const code = escapeHtml(groupedCode(t.token));
          return `<p><img src="cid:ticket-qr${suffix}" width="240" height="240" alt="Ticket QR code ${code}"><br>${code}</p>`;
        }),
        `<p>${escapeHtml(each)} The calendar file adds the event to your calendar.</p>`,
        actionButton('Your tickets', ticketsUrl),
        `<p>${escapeHtml(siteIdentity.ministryName)}</p>`,
      ].join('\n'),
      attachments,
    });
    await app.db.updateTable('bookings').set({ confirmation_sent_at: new Date() }).where('id', '=', bookingId).execute();
  }

  /** Tells a member their cancellation is made and their payment refunded (or on its way); once per booking. */
  async function sendMemberCancellationNotice(bookingId: string): Promise<boolean> {
    if (!(await claimCancellationNotice(app.db, bookingId))) return false;
    try {
      const found = await recipient(bookingId);
      if (!found) return false;
      const { booking, user } = found;
      const free = isFreeBooking(booking);
      const refund = free
        ? 'This event is free: there was nothing to pay and nothing to refund. You are welcome to reserve again while places are left.'
        : booking.status === 'refunded'
          ? `We have refunded your payment of ${formatPrice(booking.amount)} in full. Depending on your bank, it can take 5 to 10 business days to appear on your statement.`
          : `Your payment of ${formatPrice(booking.amount)} is being refunded in full. Depending on your bank, it can take 5 to 10 business days to appear on your statement.`;
      await mailer.send({
        to: user.email,
        subject: free ? `Reservation cancelled: ${booking.event.title}` : `Booking cancelled: ${booking.event.title}`,
        text: [
          greeting(user.firstname),
          '',
          free
            ? `As you asked, your reservation of ${placesText(booking)} for ${booking.event.title} (${whenText(booking)}) is cancelled and the places are given back.`
            : `As you asked, your booking of ${ticketsText(booking)} for ${booking.event.title} (${whenText(booking)}) is cancelled and the seats are given back.`,
          '',
          refund,
          `Booking reference: ${free ? shortReference(booking._id) : booking._id}`,
          '',
          `Your tickets and refunds: ${app.config.publicUrl}/my-tickets`,
          '',
          siteIdentity.ministryName,
          '',
        ].join('\n'),
      });
      return true;
    } catch (error) {
      await releaseCancellationNotice(app.db, bookingId);
      app.log.error({ err: error, bookingId }, 'could not send the cancellation notice; it will be tried again');
      return false;
    }
  }

  async function sendRefundNotice(bookingId: string): Promise<void> {
    const found = await recipient(bookingId);
    if (!found) return;
    const { booking, user } = found;
    await mailer.send({
      to: user.email,
      subject: `Your payment was refunded: ${booking.event.title}`,
      text: [
        greeting(user.firstname),
        '',
        `We are sorry: your payment for ${ticketsText(booking)} for ${booking.event.title} (${whenText(booking)}) arrived after your reservation had ended, and the seats had been taken by then.`,
        '',
        `We have refunded your payment of ${formatPrice(booking.amount)} in full. Depending on your bank, it can take 5 to 10 business days to appear on your statement.`,
        `Booking reference: ${booking._id}`,
        '',
        'You are welcome to choose other seats or another event.',
        `See the events: ${app.config.publicUrl}/events`,
        '',
        siteIdentity.ministryName,
        '',
      ].join('\n'),
    });
  }

  /** Tells a ticket holder the event is cancelled and their payment refunded; once per booking. True when this call sent it. */
  async function sendCancellationNotice(bookingId: string): Promise<boolean> {
    if (!(await claimCancellationNotice(app.db, bookingId))) return false;
    try {
      const found = await recipient(bookingId);
      if (!found) return false;
      const { booking, user } = found;
      const refund = isFreeBooking(booking)
        ? 'This event was free: there is nothing to refund.'
        : booking.status === 'refunded'
          ? `We have refunded your payment of ${formatPrice(booking.amount)} in full. Depending on your bank, it can take 5 to 10 business days to appear on your statement.`
          : `Your payment of ${formatPrice(booking.amount)} is being refunded in full. Depending on your bank, it can take 5 to 10 business days to appear on your statement.`;
      await mailer.send({
        to: user.email,
        subject: `Cancelled: ${booking.event.title}`,
        text: [
          greeting(user.firstname),
          '',
          `We are sorry to tell you that ${booking.event.title}, planned for ${whenText(booking)}, has been cancelled. Your ${ticketsText(booking)} will not be needed.`,
          '',
          refund,
          `Booking reference: ${booking._id}`,
          '',
          `Your tickets and refunds: ${app.config.publicUrl}/my-tickets`,
          `Our other events: ${app.config.publicUrl}/events`,
          '',
          siteIdentity.ministryName,
          '',
        ].join('\n'),
      });
      return true;
    } catch (error) {
      await releaseCancellationNotice(app.db, bookingId);
      app.log.error({ err: error, bookingId }, 'could not send the cancellation notice; it will be tried again');
      return false;
    }
  }

  /** Refunds a refund_due booking; true when this call recorded the refund. Never throws. */
  async function refund(row: BookingRow): Promise<boolean> {
    const cancelled = row.refund_reason === 'event_cancelled';
    const byMember = row.refund_reason === 'member_cancelled';
    // One request at a time calls the provider for a booking.
    if (!(await claimRefund(app.db, row.id))) return false;
    let refundRef: string;
    try {
      if (!row.provider_payment_ref) throw new Error('the booking has no payment reference');
      const paidThrough = providerFor(provider, row.provider);
      if (!paidThrough) throw new Error(`the booking was paid through ${row.provider}, not ${provider.name}`);
      refundRef = await paidThrough.refund(row.provider_payment_ref, `refund-${row.id}`);
    } catch (error) {
      await releaseRefundClaim(app.db, row.id).catch(() => undefined);
      app.log.error(
        { err: error, bookingId: row.id },
        cancelled
          ? 'could not refund a booking of a cancelled event; it will be tried again'
          : byMember
            ? 'could not refund a booking its member cancelled; it will be tried again'
            : 'could not refund a payment that came after the seats were gone; it will be tried again',
      );
      return false;
    }
    const refunded = await markBookingRefunded(app.db, row.id, refundRef);
    if (!refunded) return false;
    if (byMember) {
      app.log.info({ bookingId: row.id, refundRef }, 'refunded a booking its member cancelled');
      await sendMemberCancellationNotice(row.id);
      return true;
    }
    app.log.warn(
      { bookingId: row.id, refundRef },
      cancelled ? 'refunded a booking of a cancelled event' : 'refunded a payment that came after the seats were gone',
    );
    if (cancelled) {
      await sendCancellationNotice(row.id);
      return true;
    }
    try {
      await sendRefundNotice(row.id);
    } catch (error) {
      app.log.error({ err: error, bookingId: row.id }, 'could not send the refund notice');
    }
    return true;
  }

  async function eventCancelled(eventId: string): Promise<CancellationOutcome> {
    const ofEvent = () =>
      app.db.selectFrom('bookings').where('event_id', '=', eventId).where('refund_reason', '=', 'event_cancelled');
    for (const row of await ofEvent().selectAll().where('status', '=', 'refund_due').orderBy('created_at').execute())
      await refund(row);
    // Every ticket holder hears of it, whether or not their refund could be made yet.
    const untold = await ofEvent()
      .select('id')
      .where('status', 'in', ['refund_due', 'refunded', 'cancelled'])
      .where('cancellation_sent_at', 'is', null)
      .execute();
    for (const { id } of untold) await sendCancellationNotice(id);
    const rows = await ofEvent().select(['status', 'cancellation_sent_at']).execute();
    return {
      refunded: rows.filter((r) => r.status === 'refunded').length,
      refundsPending: rows.filter((r) => r.status === 'refund_due').length,
      notified: rows.filter((r) => r.cancellation_sent_at !== null).length,
    };
  }

  async function afterPaid(bookingId: string, outcome: PaidOutcome): Promise<void> {
    if (outcome === 'refund_due') {
      const row = await app.db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
      if (row?.status === 'refund_due') await refund(row);
      return;
    }
    if (outcome !== 'paid') return;
    try {
      await sendConfirmation(bookingId);
    } catch (error) {
      // The seats are sold whatever happens to the e-mail; the profile shows the tickets.
      app.log.error({ err: error, bookingId }, 'could not send the ticket confirmation');
    }
  }

  async function memberCancelled(bookingId: string): Promise<boolean> {
    const row = await app.db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
    if (row?.provider === FREE_PROVIDER && row.status === 'cancelled' && row.member_cancelled_at) {
      // A free reservation given back: nothing to refund, the member hears of it once.
      await sendMemberCancellationNotice(bookingId);
      return true;
    }
    if (!row || row.refund_reason !== 'member_cancelled') return false;
    if (row.status === 'refund_due') await refund(row);
    const after = await app.db.selectFrom('bookings').select('status').where('id', '=', bookingId).executeTakeFirst();
    // Refund made or not yet, the member hears of the cancellation now.
    await sendMemberCancellationNotice(bookingId);
    return after?.status === 'refunded';
  }

  async function refundRecorded(bookingId: string): Promise<void> {
    const row = await app.db.selectFrom('bookings').select('refund_reason').where('id', '=', bookingId).executeTakeFirst();
    if (row?.refund_reason === 'member_cancelled') await sendMemberCancellationNotice(bookingId);
    else if (row?.refund_reason === 'event_cancelled') await sendCancellationNotice(bookingId);
  }

  async function forwardTicket(input: { ticketId: string; userId: string; email: string }): Promise<ForwardOutcome> {
    const row = await app.db
      .selectFrom('event_tickets')
      .innerJoin('bookings', 'bookings.id', 'event_tickets.booking_id')
      .innerJoin('users', 'users.id', 'bookings.user_id')
      .select([
        'event_tickets.id',
        'event_tickets.position',
        'event_tickets.token',
        'event_tickets.checked_in_at',
        'bookings.id as booking_id',
        'bookings.status',
        'bookings.event_id',
        'users.firstname',
        'users.lastname',
      ])
      .where('event_tickets.id', '=', input.ticketId)
      .where('bookings.user_id', '=', input.userId)
      .executeTakeFirst();
    if (!row) return { outcome: 'not_found' };
    const event = await findEvent(app.db, row.event_id);
    if (!event) return { outcome: 'not_found' };
    if (row.status !== 'paid') return { outcome: 'not_valid', why: 'not_paid' };
    if (event.cancelledAt) return { outcome: 'not_valid', why: 'event_cancelled' };
    if (Date.parse(event.event_date) <= Date.now()) return { outcome: 'not_valid', why: 'past' };
    if (row.checked_in_at) return { outcome: 'not_valid', why: 'checked_in' };
    const from = `${row.firstname} ${row.lastname}`.trim();
    const code = groupedCode(row.token);
    const place = event.place ? [event.place.name, event.place.address].filter(Boolean).join(', ') : null;
    const when = `${formatEventDate(event.event_date)} at ${formatEventTime(event.event_date)}`;
    const eventUrl = `${app.config.publicUrl}/events/${event._id}`;
    const lines = [`Date: ${when}`, ...(place ? [`Place: ${place}`] : []), `Ticket code: ${code}`];
    const first = `${from} sends you a ticket for ${event.title}.`;
    const show = 'Show the QR code of this e-mail (or the ticket code) at the entrance: it admits one person.';
    await mailer.send({
      to: input.email,
      subject: `Your ticket: ${event.title}`,
      text: ['Hello,', '', first, '', ...lines, '', show, `About the event: ${eventUrl}`, '', siteIdentity.ministryName, ''].join(
        '\n',
      ),
      html: [
        '<p>Hello,</p>',
        `<p>${escapeHtml(first)}</p>`,
        `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
        `<p><img src="cid:ticket-qr" width="240" height="240" alt="Ticket QR code ${escapeHtml(code)}"></p>`,
        `<p>${escapeHtml(show)}</p>`,
        actionButton('About the event', eventUrl),
        `<p>${escapeHtml(siteIdentity.ministryName)}</p>`,
      ].join('\n'),
      attachments: [
        { filename: 'ticket-qr.png', content: await ticketQrPng(row.token), contentType: 'image/png', cid: 'ticket-qr' },
        {
          filename: calendarFileName(event.title),
          content: eventCalendar(event, app.config.publicUrl),
          contentType: 'text/calendar; charset=utf-8',
        },
      ],
    });
    await app.db
      .updateTable('event_tickets')
      .set({ forwarded_to: input.email, forwarded_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return {
      outcome: 'sent',
      ticket: {
        _id: row.id,
        position: row.position,
        code,
        qrSvg: await ticketQrSvg(row.token),
        checkedInAt: null,
        forwardedTo: input.email,
      },
    };
  }

  return {
    forwardTicket,
    afterPaid,
    eventCancelled,
    memberCancelled,
    refundRecorded,
    async bookingPaid(bookingId, paymentRef) {
      const { outcome } = await markBookingPaid(app.db, bookingId, paymentRef);
      await afterPaid(bookingId, outcome);
      return outcome;
    },
    // By default, payments older than a minute: a fresh one is being refunded by the request that recorded it.
    async retryRefunds(paidBefore = new Date(Date.now() - 60_000)) {
      let made = 0;
      for (const row of await listRefundsDue(app.db, paidBefore)) if (await refund(row)) made += 1;
      return made;
    },
  };
}
