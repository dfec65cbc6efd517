/**
 * Checkouts of seats (POST /api/payment/create-checkout-session, routes.ts,
 * and the checkout page of seats offered from the waitlist, pages.ts). The
 * seats are held in one transaction first (seats/bookings.ts), and only once that
 * is committed does the provider open its checkout: a provider that cannot
 * be reached gives the seats back at once. A member checking out again
 * replaces their earlier checkout of the event, whose page at the provider
 * is closed. Answers what happened; the routes turn it into a reply.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  attachCheckout,
  HoldLapsedError,
  isFreePrice,
  releaseBooking,
  releaseExpired,
  reserveSeats,
  SeatCapError,
} from '../seats/bookings.js';
import type { BookingView } from './bookingViews.js';
import { hostedCheckoutOf } from './provider.js';
import type { PaymentProvider } from './providerTypes.js';
import { findEvent } from '../events/service.js';
import type { WaitlistOffers } from '../seats/offers.js';

export interface CheckoutInput {
  member: { id: string; email: string };
  eventId: string;
  quantity: number;
  /** The site's address as the member's browser sees it (the provider's return pages). */
  siteOrigin: string;
  log: FastifyBaseLogger;
}

export type CheckoutOutcome =
  /** The seats are held: the member's browser goes to `url` to pay. */
  | { outcome: 'opened'; url: string }
  /** This site takes no payment online (PAYMENT_PROVIDER=none). */
  | { outcome: 'not_set_up' }
  /** More seats than SEATS_PER_MEMBER, counting those the member bought already (`owned`). */
  | { outcome: 'too_many_seats'; seatsPerMember: number; owned: number }
  /** The member's hold of this event ran its time: they may check out again in `retryAfterSeconds`. */
  | { outcome: 'hold_lapsed'; retryAfterSeconds: number; holdMinutes: number }
  /** The provider could not open a checkout: nothing is held. */
  | { outcome: 'provider_unavailable' }
  /** A free event: its places are reserved (POST /api/payment/reserve), not bought. */
  | { outcome: 'free_event' };

export interface Checkouts {
  /** Holds the member's seats and opens the provider's checkout for them. */
  open(input: CheckoutInput): Promise<CheckoutOutcome>;
  /**
   * Opens the provider's checkout of seats already held for the member (seats
   * offered from the waitlist: their checkout opens when the member comes to
   * pay). The seats stay held whatever the provider answers.
   */
  openHeld(
    view: BookingView,
    member: { id: string; email: string },
    log: FastifyBaseLogger,
  ): Promise<{ outcome: 'opened'; url: string } | { outcome: 'provider_unavailable' }>;
}

export function createCheckouts(app: FastifyInstance, provider: PaymentProvider, waitlist: WaitlistOffers): Checkouts {
  // A checkout holds seats RESERVATION_MINUTES, and never less than the provider keeps its checkout open.
  const holdMinutes = Math.max(app.config.reservationMinutes, provider.minimumHoldMinutes);

  async function open(input: CheckoutInput): Promise<CheckoutOutcome> {
    const { member, eventId, quantity, log } = input;
    const price = await app.db.selectFrom('events').select('seat_price').where('id', '=', eventId).executeTakeFirst();
    if (price && isFreePrice(price.seat_price)) return { outcome: 'free_event' };
    if (!provider.takesPayments) return { outcome: 'not_set_up' };
    if (quantity > app.config.seatsPerMember)
      return { outcome: 'too_many_seats', seatsPerMember: app.config.seatsPerMember, owned: 0 };

    // Seats of holds that ran out go to the event's waitlist first.
    if ((await releaseExpired(app.db)) > 0) await waitlist.offer(eventId);
    let reservation;
    try {
      reservation = await reserveSeats(app.db, {
        userId: member.id,
        eventId,
        quantity,
        holdMinutes,
        cooldownMinutes: app.config.holdCooldownMinutes,
        provider: provider.name,
        seatsPerMember: app.config.seatsPerMember,
      });
    } catch (error) {
      if (error instanceof SeatCapError)
        return { outcome: 'too_many_seats', seatsPerMember: error.seatsPerMember, owned: error.owned };
      if (!(error instanceof HoldLapsedError)) throw error;
      return { outcome: 'hold_lapsed', retryAfterSeconds: error.retryAfterSeconds, holdMinutes };
    }
    const { booking, event, replaced } = reservation;
    for (const old of replaced) {
      const hosted = hostedCheckoutOf(provider, old);
      if (hosted) {
        provider
          .cancelCheckout(hosted)
          .catch((error: unknown) => log.warn({ err: error }, 'could not close an earlier checkout'));
      }
    }

    // The seats are held and committed: only now talk to the provider.
    let session;
    try {
      session = await provider.createCheckout({
        booking: { id: booking.id, quantity, unitPrice: Number(booking.unit_price), expiresAt: new Date(booking.expires_at) },
        event: { id: event.id, title: event.title, priceId: event.price_id },
        customer: { id: member.id, email: member.email },
        siteOrigin: input.siteOrigin,
      });
    } catch (error) {
      await releaseBooking(app.db, booking.id, 'cancelled');
      log.error({ err: error }, 'the payment provider could not open a checkout');
      return { outcome: 'provider_unavailable' };
    }
    await attachCheckout(app.db, booking.id, session);
    return { outcome: 'opened', url: session.url };
  }

  async function openHeld(view: BookingView, member: { id: string; email: string }, log: FastifyBaseLogger) {
    const { booking } = view;
    const event = await findEvent(app.db, view.event_id);
    if (!event) throw new Error(`the event ${view.event_id} of booking ${booking._id} is gone`);
    let session;
    try {
      session = await provider.createCheckout({
        booking: {
          id: booking._id,
          quantity: booking.quantity,
          unitPrice: booking.unitPrice,
          expiresAt: new Date(booking.expiresAt),
        },
        event: { id: view.event_id, title: booking.event.title, priceId: event.price_Id },
        customer: { id: member.id, email: member.email },
        siteOrigin: app.config.publicUrl,
      });
    } catch (error) {
      log.error({ err: error }, 'the payment provider could not open a checkout');
      return { outcome: 'provider_unavailable' } as const;
    }
    await attachCheckout(app.db, booking._id, session);
    return { outcome: 'opened', url: session.url } as const;
  }

  return { open, openHeld };
}
