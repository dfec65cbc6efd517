/**
 * What happens when a payment completes, whoever reports it (a Stripe webhook
 * or the local test-mode page): the booking's seats are sold in one
 * transaction, then, after it commits, the member gets a ticket confirmation
 * by e-mail. A webhook marks its event id as handled in the same transaction,
 * so a replay changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import { formatEventDate, formatEventTime } from '@ministry/shared/format';
import { createMailer, type Mailer } from '../../lib/mailer.js';
import { findBookingView, markBookingPaid, type PaidOutcome } from './service.js';

export interface Fulfilment {
  /** Confirms a paid booking and, once that is committed, e-mails the tickets. */
  bookingPaid(bookingId: string, paymentRef: string): Promise<PaidOutcome>;
  /** The step after the commit alone, for a booking confirmed inside a webhook's transaction. */
  afterPaid(bookingId: string, outcome: PaidOutcome): Promise<void>;
}

export function createFulfilment(app: FastifyInstance, mailer: Mailer = createMailer(app.config, (m) => app.log.info(m))): Fulfilment {
  async function sendConfirmation(bookingId: string): Promise<void> {
    const view = await findBookingView(app.db, bookingId);
    if (!view) return;
    const user = await app.db.selectFrom('users').select(['email', 'firstname']).where('id', '=', view.user_id).executeTakeFirst();
    if (!user) return;
    const { booking } = view;
    const seats = booking.quantity === 1 ? '1 ticket' : `${booking.quantity} tickets`;
    await mailer.send({
      to: user.email,
      subject: `Your tickets: ${booking.event.title}`,
      text: [
        `Hello ${user.firstname},`,
        '',
        `Thank you! Your booking is confirmed: ${seats} for ${booking.event.title}.`,
        '',
        `Date: ${formatEventDate(booking.event.event_date)} at ${formatEventTime(booking.event.event_date)}`,
        `Tickets: ${booking.quantity} × ${booking.unitPrice}$ = ${booking.amount}$`,
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

  async function afterPaid(bookingId: string, outcome: PaidOutcome): Promise<void> {
    if (outcome === 'refund_due') {
      app.log.error({ bookingId }, 'a booking was paid after its seats were released and sold to others: refund it');
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
  };
}
