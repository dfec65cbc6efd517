/**
 * Payments: POST /api/payment/create-checkout-session (spec section 7; its
 * steps are checkout.ts), the member's tickets and bookings, Stripe's webhook
 * (webhook.ts) and the hosted pages under /pay/... (pages.ts), and GET
 * /api/payment/status (how the site takes payments, for the pages to say
 * so). The provider is chosen in config.ts (provider.ts). Seat holds that
 * run out are released by a timer and before every new checkout (never by a
 * GET).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import { countOf, formatEventDate, formatEventTime, formatMinutes } from '@ministry/shared/format';
import { CheckoutBody, PaymentStatusContract } from '@ministry/shared/contracts';
import { checkoutSessionSchema, seatsPerMemberMessage } from '@ministry/shared/validation';
import { HttpError, notFound } from '../../lib/errors.js';
import { idParam, isUuid } from '../../lib/ids.js';
import { checkedBody, readBody } from '../../lib/validate.js';
import { requireSelf, requireUser, requireVerified } from '../../plugins/session.js';
import {
  answerSchema,
  bookingSchema,
  envelope,
  errors,
  listOf,
  myBookingSchema,
  ticketPassSchema,
} from '../../schemas/entities.js';
import { byAccount, limitedBy } from '../../lib/limits.js';
import { createCheckouts, type CheckoutOutcome, type Checkouts } from './checkout.js';
import { createFulfilment, type Fulfilment } from './fulfilment.js';
import { createGivingMails } from './receipts.js';
import { giftRoutes } from './gift-routes.js';
import { paymentPages } from './pages.js';
import { createPaymentProvider, hostedCheckoutOf } from './provider.js';
import { cancelPaidBooking, releaseBooking, releaseExpired, reserveFreeSeats } from '../seats/bookings.js';
import { asSeen, findBookingView, listMyTickets, listTickets } from './bookingViews.js';
import { stripeWebhookRoutes } from './webhook.js';
import { createWaitlistOffers, type WaitlistOffers } from '../seats/offers.js';
import type { PaymentProvider } from './providerTypes.js';
import { writesChange } from '../../plugins/dataChanges.js';

const str = { type: 'string' } as const;

const bookingParams = { type: 'object', required: ['id'], properties: { id: idParam } } as const;

/** Why a checkout was not opened, as the member reads it. */
function checkoutRefused(result: Exclude<CheckoutOutcome, { outcome: 'opened' }>): HttpError {
  switch (result.outcome) {
    case 'not_set_up':
      return new HttpError(
        503,
        'payments_not_set_up',
        `Online payment is not set up yet. Please write to ${siteIdentity.contact.email} to book your seats.`,
      );
    case 'too_many_seats': {
      const left = result.seatsPerMember - result.owned;
      const message =
        result.owned === 0
          ? seatsPerMemberMessage(result.seatsPerMember)
          : `You have ${countOf(result.owned, 'seat', 'seats')} of this event already, and one member may have ${result.seatsPerMember}: ${
              left <= 0 ? 'you cannot book more' : `you can book ${left} more`
            }`;
      return new HttpError(400, 'bad_request', message, { quantity: message });
    }
    case 'hold_lapsed': {
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      return new HttpError(
        429,
        'hold_lapsed',
        `Your seats were held for ${formatMinutes(result.holdMinutes)} and have been released. You can book this event again in ${countOf(minutes, 'minute', 'minutes')}.`,
      );
    }
    case 'free_event':
      return new HttpError(409, 'free_event', 'This event is free: reserve your places on its page, there is nothing to pay.');
    case 'provider_unavailable':
      return new HttpError(
        502,
        'payment_unavailable',
        'We could not reach the payment service, so no seats were held. Please try again in a moment.',
      );
  }
}

/** This API's address as the browser sees it. */
const ownOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const provider = createPaymentProvider(app.config);
  const mailer = app.mailer;
  const fulfilment = createFulfilment(app, provider, mailer);
  const givingMails = createGivingMails(app, mailer);
  // Seats change with checkouts, payments and cancellations (its plugins' routes too: /api/giving, /pay).
  writesChange(app, ['events']);

  // Once across every process (lib/jobs.ts): each expired hold is released once, each refund claimed before it is made.
  const sweepEveryMs = app.config.holdSweepSeconds * 1000;
  app.jobs.every('release-expired-holds', sweepEveryMs, async () => {
    const count = await releaseExpired(app.db);
    if (count > 0) {
      app.log.info(`released the seats of ${count} expired booking(s)`);
      app.answerCache.clear('events');
    }
  });
  app.jobs.every('retry-refunds', sweepEveryMs, () => fulfilment.retryRefunds());
  // Offers of seats come free to members waiting, and offers not taken in time passed on.
  const waitlist = createWaitlistOffers(app, provider.name);
  app.jobs.every('waitlist-offers', sweepEveryMs, () => waitlist.sweep());
  const checkouts = createCheckouts(app, provider, waitlist);

  // One plugin per URL prefix, sharing the provider, fulfilment, offers and checkouts made here
  // (and the hook above, which they inherit).
  const shared = { provider, fulfilment, waitlist, checkouts };
  await app.register(bookingRoutes, { prefix: '/api/payment', ...shared });
  await app.register(stripeWebhookRoutes, { prefix: '/api/payment', provider, fulfilment, givingMails });
  await app.register(paymentPages, { prefix: '/pay', ...shared, givingMails });
  await app.register(giftRoutes, { prefix: '/api/giving', provider, givingMails });
}

/** The member's checkouts, tickets and bookings, and the payment status, under /api/payment. */
async function bookingRoutes(
  app: FastifyInstance,
  options: { provider: PaymentProvider; fulfilment: Fulfilment; waitlist: WaitlistOffers; checkouts: Checkouts },
): Promise<void> {
  const { provider, fulfilment, waitlist, checkouts } = options;

  /** Where the member came from: an allowed Origin, else this API's own address. */
  const siteOrigin = (request: FastifyRequest): string => {
    const origin = request.headers.origin;
    const own = ownOrigin(request);
    return origin && (origin === own || app.config.allowedOrigins.includes(origin)) ? origin : own;
  };

  /** How this site takes payments: the pages say TEST MODE, or that online payment is not set up, and cap the ticket count. */
  app.get(
    '/status',
    {
      schema: {
        response: {
          200: envelope(answerSchema(PaymentStatusContract)),
        },
      },
    },
    async () => ({
      data: { provider: provider.name, testMode: provider.testMode, seatsPerMember: app.config.seatsPerMember },
    }),
  );

  app.post(
    '/create-checkout-session',
    {
      schema: { body: CheckoutBody, response: { 200: envelope(str), ...errors(400, 401, 403, 404, 409, 429, 502, 503) } },
      ...checkedBody,
      config: {
        rateLimit: {
          max: 20,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => request.sessionUser?.id ?? request.ip,
        },
      },
    },
    async (request, reply) => {
      const input = await readBody(request, checkoutSessionSchema);
      const me = requireVerified(requireSelf(request, input.user));
      if (!isUuid(input.event)) throw notFound('That event');
      const result = await checkouts.open({
        member: me,
        eventId: input.event,
        quantity: input.items[0].quantity,
        siteOrigin: siteOrigin(request),
        log: request.log,
      });
      if (result.outcome === 'opened') return { data: result.url };
      if (result.outcome === 'hold_lapsed') reply.header('Retry-After', String(result.retryAfterSeconds));
      throw checkoutRefused(result);
    },
  );

  /**
   * POST /api/payment/reserve { event, quantity }: places at a free event,
   * reserved at once (no payment step), within SEATS_PER_MEMBER; the member
   * gets the same tickets and e-mail as a paid booking, without amounts.
   * Places offered from the waitlist are confirmed the same way.
   */
  app.post<{ Body: { event: string; quantity?: number } }>(
    '/reserve',
    {
      schema: {
        body: {
          type: 'object',
          required: ['event'],
          properties: { event: { type: 'string', maxLength: 100 }, quantity: { type: 'integer', minimum: 1, maximum: 1000 } },
          additionalProperties: false,
        },
        response: { 200: envelope(bookingSchema), ...errors(400, 401, 403, 404, 409, 429) },
      },
      config: {
        rateLimit: {
          max: 20,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => request.sessionUser?.id ?? request.ip,
        },
      },
    },
    async (request) => {
      const me = requireVerified(requireUser(request));
      const { event } = request.body;
      const quantity = request.body.quantity ?? 1;
      if (!isUuid(event)) throw notFound('That event');
      if (quantity > app.config.seatsPerMember) {
        const message = seatsPerMemberMessage(app.config.seatsPerMember);
        throw new HttpError(400, 'bad_request', message, { quantity: message });
      }
      // Seats of holds that ran out go to the event's waitlist first.
      if ((await releaseExpired(app.db)) > 0) await waitlist.offer(event);
      const result = await reserveFreeSeats(app.db, {
        userId: me.id,
        eventId: event,
        quantity,
        seatsPerMember: app.config.seatsPerMember,
      });
      if (result.outcome === 'not_free')
        throw new HttpError(409, 'not_free', 'This event has paid tickets: buy them on its page.');
      if (result.outcome === 'too_many_seats') throw checkoutRefused(result);
      await fulfilment.afterPaid(result.booking.id, 'paid');
      const view = await findBookingView(app.db, result.booking.id);
      return { data: view!.booking };
    },
  );

  /**
   * POST /api/payment/tickets/{id}/forward { email }: e-mails one of the
   * member's tickets to a guest (a few a day per member:
   * LIMIT_TICKET_FORWARDS_PER_ACCOUNT). Answers the ticket.
   */
  app.post<{ Params: { id: string }; Body: { email: string } }>(
    '/tickets/:id/forward',
    {
      schema: {
        params: bookingParams,
        body: {
          type: 'object',
          required: ['email'],
          properties: { email: { type: 'string', maxLength: 254 } },
          additionalProperties: false,
        },
        response: { 200: envelope(ticketPassSchema), ...errors(400, 401, 403, 404, 409, 429) },
      },
      preHandler: limitedBy(
        [['ticketForwardsPerAccount', byAccount]],
        'You have sent many tickets today. Please try again tomorrow, or show the tickets from your phone.',
      ),
    },
    async (request) => {
      const me = requireVerified(requireUser(request));
      const email = request.body.email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 200) {
        throw new HttpError(400, 'bad_request', 'Enter the guest’s e-mail address', {
          email: 'Enter the guest’s e-mail address',
        });
      }
      const result = await fulfilment.forwardTicket({ ticketId: request.params.id, userId: me.id, email });
      switch (result.outcome) {
        case 'sent':
          return { data: result.ticket };
        case 'not_found':
          throw notFound('That ticket');
        case 'not_valid':
          throw new HttpError(
            409,
            'ticket_not_valid',
            result.why === 'checked_in'
              ? 'This ticket was used at the door already.'
              : result.why === 'past'
                ? 'This event has taken place.'
                : result.why === 'event_cancelled'
                  ? 'This event was cancelled.'
                  : 'This ticket is no longer valid.',
          );
      }
    },
  );

  app.get('/my-tickets', { schema: { response: { 200: envelope(listOf(bookingSchema)), ...errors(401) } } }, async (request) => {
    const me = requireUser(request);
    return { data: await listTickets(app.db, me.id) };
  });

  /** "My tickets": every booking the member paid for, as it stands now (paid, refund on its way, refunded), with its event's cancellation. */
  app.get(
    '/my-bookings',
    {
      schema: {
        response: {
          200: envelope(listOf(myBookingSchema)),
          ...errors(401),
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return { data: await listMyTickets(app.db, me.id, { cancelHoursBefore: app.config.cancelHoursBefore }) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/bookings/:id',
    { schema: { params: bookingParams, response: { 200: envelope(bookingSchema), ...errors(400, 401, 404) } } },
    async (request) => {
      const me = requireUser(request);
      const view = await findBookingView(app.db, request.params.id);
      if (!view || view.user_id !== me.id) throw notFound('That booking');
      // Read-only: a hold whose time is up is answered as expired; the sweep (or the next checkout) releases its seats.
      return { data: asSeen(view.booking) };
    },
  );

  /**
   * The member is back on the success page: if the webhook has not confirmed
   * the booking yet, ask the provider whether the checkout was paid and, if
   * so, run the same fulfilment (idempotent: a webhook arriving later changes
   * nothing). A hold whose time is up is released here. Answers the booking.
   */
  app.post<{ Params: { id: string } }>(
    '/bookings/:id/sync',
    {
      schema: { params: bookingParams, response: { 200: envelope(bookingSchema), ...errors(400, 401, 404, 429) } },
      config: {
        // The success page asks every two seconds for half a minute.
        rateLimit: {
          max: 60,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => request.sessionUser?.id ?? request.ip,
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const view = await findBookingView(app.db, request.params.id);
      if (!view || view.user_id !== me.id) throw notFound('That booking');
      const unconfirmed = ['pending', 'expired', 'cancelled'].includes(view.booking.status);
      const hosted = hostedCheckoutOf(provider, view);
      if (unconfirmed && hosted) {
        try {
          const payment = await provider.checkoutPayment(hosted);
          if (payment.paid) await fulfilment.bookingPaid(view.id, payment.paymentRef);
        } catch (error) {
          // The webhook will still come; the page asks again.
          request.log.warn({ err: error, bookingId: view.id }, 'could not ask the payment provider about a checkout');
        }
      }
      const after = await findBookingView(app.db, view.id);
      if (after?.booking.status === 'pending' && Date.parse(after.booking.expiresAt) <= Date.now()) {
        if (await releaseBooking(app.db, view.id, 'expired')) await waitlist.offer(view.event_id);
        return { data: (await findBookingView(app.db, view.id))?.booking ?? asSeen(after.booking) };
      }
      return { data: (after ?? view).booking };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/bookings/:id/cancel',
    { schema: { params: bookingParams, response: { 200: envelope(bookingSchema), ...errors(400, 401, 404, 502) } } },
    async (request) => {
      const me = requireUser(request);
      const view = await findBookingView(app.db, request.params.id);
      if (!view || view.user_id !== me.id) throw notFound('That booking');
      if (view.booking.status !== 'pending') return { data: view.booking };
      const hosted = hostedCheckoutOf(provider, view);
      if (hosted) {
        // Close the provider's checkout first (outside any transaction): if it was paid meanwhile, keep the seats.
        let closed: boolean;
        try {
          closed = await provider.cancelCheckout(hosted);
        } catch (error) {
          request.log.error({ err: error }, 'could not close a checkout');
          throw new HttpError(
            502,
            'payment_unavailable',
            'We could not reach the payment service. Your seats will be released automatically.',
          );
        }
        if (!closed) return { data: view.booking };
      }
      if (await releaseBooking(app.db, view.id, 'cancelled')) await waitlist.offer(view.event_id);
      const after = await findBookingView(app.db, view.id);
      return { data: after ? after.booking : view.booking };
    },
  );

  /**
   * The member cancels a paid booking (until CANCEL_HOURS_BEFORE hours before
   * the event): the seats go back at once, the payment is refunded through
   * the provider (or by the sweep when it cannot be reached now), and the
   * member gets an e-mail. Answers the booking as it stands after.
   */
  app.post<{ Params: { id: string } }>(
    '/my-bookings/:id/cancel',
    {
      schema: { params: bookingParams, response: { 200: envelope(bookingSchema), ...errors(400, 401, 404, 409, 429) } },
      config: {
        rateLimit: {
          max: 20,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => request.sessionUser?.id ?? request.ip,
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const hours = app.config.cancelHoursBefore;
      const result = await cancelPaidBooking(app.db, {
        bookingId: request.params.id,
        userId: me.id,
        hoursBefore: hours,
        offer: waitlist.options(),
      });
      switch (result.outcome) {
        case 'not_found':
          throw notFound('That booking');
        case 'too_late':
          if (result.free)
            throw new HttpError(409, 'too_late_to_cancel', 'This event has begun: the reservation can no longer be cancelled.');
          throw new HttpError(
            409,
            'too_late_to_cancel',
            `Bookings can be cancelled until ${countOf(hours, 'hour', 'hours')} before the event (this one until ${formatEventDate(result.deadline.toISOString())} at ${formatEventTime(result.deadline.toISOString())}). Please write to ${siteIdentity.contact.email} if you cannot come.`,
          );
        case 'checked_in':
          throw new HttpError(409, 'checked_in', 'This ticket was used at the door already; it cannot be cancelled.');
        case 'event_cancelled':
          throw new HttpError(409, 'event_cancelled', 'This event was cancelled; your payment is refunded without your asking.');
        case 'not_paid':
          if (['refund_due', 'refunded', 'cancelled'].includes(result.status)) break;
          throw new HttpError(409, 'not_paid', 'Only a paid booking can be cancelled.');
        case 'cancelled':
          await waitlist.mail(result.offers);
          await fulfilment.memberCancelled(result.booking.id);
          break;
      }
      const after = await findBookingView(app.db, request.params.id);
      if (!after) throw notFound('That booking');
      return { data: after.booking };
    },
  );
}
