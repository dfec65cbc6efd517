/**
 * POST /api/payment/webhook: Stripe's notices. The signature is checked on
 * the raw body (this plugin alone reads JSON as a Buffer), and each event id
 * is recorded in the same transaction as its effect, so a replayed, retried
 * or concurrent delivery changes nothing. Out-of-order notices are harmless:
 * a booking only moves pending → paid/expired/cancelled, and a late payment
 * sells seats again only when they are still free.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../../lib/errors.js';
import { errors } from '../../schemas/entities.js';
import type { Fulfilment } from './fulfilment.js';
import type { PaymentProvider } from './provider.js';
import { claimWebhookEvent, markBookingPaid, recordDonation, releaseBooking, type PaidOutcome } from './service.js';
import { parseDonationReference, type StripeEvent, type StripePaymentProvider } from './stripe.js';

const answer = {
  type: 'object',
  properties: { received: { type: 'boolean' }, duplicate: { type: 'boolean' } },
} as const;

type CheckoutSessionObject = {
  id: string;
  metadata?: Record<string, string> | null;
  client_reference_id?: string | null;
  payment_status?: string;
  payment_intent?: string | { id: string } | null;
  subscription?: string | { id: string } | null;
  payment_link?: string | { id: string } | null;
  amount_total?: number | null;
  currency?: string | null;
  customer_details?: { email?: string | null } | null;
  customer_email?: string | null;
};

const refOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

export async function stripeWebhookRoutes(app: FastifyInstance, options: { provider: PaymentProvider; fulfilment: Fulfilment }): Promise<void> {
  const { fulfilment } = options;
  const provider = options.provider.name === 'stripe' ? (options.provider as StripePaymentProvider) : null;

  // Only here: keep the JSON body as the exact bytes Stripe signed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  async function handle(event: StripeEvent): Promise<{ duplicate: boolean; paid?: { bookingId: string; outcome: PaidOutcome } }> {
    return app.db.transaction().execute(async (trx) => {
      if (!(await claimWebhookEvent(trx, 'stripe', event.id, event.type))) return { duplicate: true };
      const session = event.data.object as unknown as CheckoutSessionObject;
      const bookingId = session.metadata?.booking_id;
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          // A delayed payment method completes unpaid; its async_payment_succeeded follows.
          if (session.payment_status === 'unpaid') return { duplicate: false };
          const paymentRef = refOf(session.payment_intent) ?? refOf(session.subscription) ?? session.id;
          if (bookingId) {
            const { outcome } = await markBookingPaid(trx, bookingId, paymentRef);
            return { duplicate: false, paid: { bookingId, outcome } };
          }
          const donation =
            parseDonationReference(session.client_reference_id) ??
            parseDonationReference(session.metadata?.donation ? `donation_${session.metadata.donation}` : null);
          if (donation) {
            await recordDonation(trx, {
              ...donation,
              amount: typeof session.amount_total === 'number' ? session.amount_total / 100 : null,
              currency: session.currency ?? 'usd',
              provider: 'stripe',
              providerRef: session.id,
              email: session.customer_details?.email ?? session.customer_email ?? null,
            });
          } else if (session.payment_link) {
            app.log.warn({ session: session.id }, 'a payment link was paid without a donation reference; not recorded');
          }
          return { duplicate: false };
        }
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed':
          if (bookingId) await releaseBooking(trx, bookingId, event.type === 'checkout.session.expired' ? 'expired' : 'cancelled');
          return { duplicate: false };
        default:
          return { duplicate: false };
      }
    });
  }

  app.post(
    '/api/payment/webhook',
    { schema: { response: { 200: answer, ...errors(400, 404, 503) } } },
    async (request) => {
      if (!provider) throw notFound('Payment webhooks');
      if (!provider.webhooksConfigured) throw new HttpError(503, 'webhook_not_configured', 'Payment webhooks are not set up (STRIPE_WEBHOOK_SECRET).');
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
        throw new HttpError(400, 'bad_signature', 'This webhook is not signed.');
      }
      let event: StripeEvent;
      try {
        event = provider.verifyWebhook(body, signature);
      } catch {
        throw new HttpError(400, 'bad_signature', 'The signature of this webhook does not match.');
      }
      const result = await handle(event);
      if (result.paid) await fulfilment.afterPaid(result.paid.bookingId, result.paid.outcome);
      return { received: true, duplicate: result.duplicate };
    },
  );
}
