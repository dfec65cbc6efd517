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
 */
import type { FastifyInstance } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import { formatEventDate, formatEventTime, formatPrice } from '@ministry/shared/format';
import type { Booking } from '@ministry/shared/types';
import { createMailer, greeting, type Mailer } from '../../lib/mailer.js';
import type { PaymentProvider } from './provider.js';
import { findBookingView, listRefundsDue, markBookingPaid, markBookingRefunded, type BookingRow, type PaidOutcome } from './service.js';

export interface Fulfilment {
  /** Confirms a paid booking and, once that is committed, e-mails the tickets (or refunds a payment that came too late). */
  bookingPaid(bookingId: string, paymentRef: string): Promise<PaidOutcome>;
  /** The step after the commit alone, for a booking confirmed inside a webhook's transaction. */
  afterPaid(bookingId: string, outcome: PaidOutcome): Promise<void>;
  /** Tries again the refunds that could not be made yet (of payments that came before `paidBefore`); answers how many were made. */
  retryRefunds(paidBefore?: Date): Promise<number>;
}

const ticketsText = (booking: Booking): string => (booking.quantity === 1 ? '1 ticket' : `${booking.quantity} tickets`);
const whenText = (booking: Booking): string => `${formatEventDate(booking.event.event_date)} at ${formatEventTime(booking.event.event_date)}`;

export function createFulfilment(
  app: FastifyInstance,
  provider: PaymentProvider,
  mailer: Mailer = createMailer(app.config, (m) => app.log.info(m)),
): Fulfilment {
  /** The booking with its event and the member's name and address, or undefined. */
  async function recipient(bookingId: string) {
    const view = await findBookingView(app.db, bookingId);
    if (!view) return undefined;
    const user = await app.db.selectFrom('users').select(['email', 'firstname']).where('id', '=', view.user_id).executeTakeFirst();
    return user && { booking: view.booking, user };
  }

  async function sendConfirmation(bookingId: string): Promise<void> {
    const found = await recipient(bookingId);
    if (!found) return;
    const { booking, user } = found;
    await mailer.send({
      to: user.email,
      subject: `Your tickets: ${booking.event.title}`,
      text: [
        greeting(user.firstname),
        '',
        `Thank you! Your booking is confirmed: ${ticketsText(booking)} for ${booking.event.title}.`,
        '',
        `Date: ${whenText(booking)}`,
        `Tickets: ${booking.quantity} × ${formatPrice(booking.unitPrice)} = ${formatPrice(booking.amount)}`,
        `Booking reference: ${booking._id}`,
        '',
        `Show this e-mail at the entrance. Your tickets are also on your profile: ${app.config.publicUrl}/profile`,
        '',
        siteIdentity.ministryName,
        '',
      ].join('\n'),
    });
    await app.db.updateTable('bookings').set({ confirmation_sent_at: new Date() }).where('id', '=', bookingId).execute();
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
        `You are welcome to choose other seats or another event: ${app.config.publicUrl}/events`,
        '',
        siteIdentity.ministryName,
        '',
      ].join('\n'),
    });
  }

  /** Refunds a refund_due booking; true when this call recorded the refund. Never throws. */
  async function refund(row: BookingRow): Promise<boolean> {
    let refundRef: string;
    try {
      if (!row.provider_payment_ref) throw new Error('the booking has no payment reference');
      if (row.provider !== provider.name && row.provider !== 'local') throw new Error(`the booking was paid through ${row.provider}, not ${provider.name}`);
      refundRef = row.provider === 'local' ? `local_refund_${row.id}` : await provider.refund(row.provider_payment_ref, `refund-${row.id}`);
    } catch (error) {
      app.log.error({ err: error, bookingId: row.id }, 'could not refund a payment that came after the seats were gone; it will be tried again');
      return false;
    }
    const refunded = await markBookingRefunded(app.db, row.id, refundRef);
    if (!refunded) return false;
    app.log.warn({ bookingId: row.id, refundRef }, 'refunded a payment that came after the seats were gone');
    try {
      await sendRefundNotice(row.id);
    } catch (error) {
      app.log.error({ err: error, bookingId: row.id }, 'could not send the refund notice');
    }
    return true;
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

  return {
    afterPaid,
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
