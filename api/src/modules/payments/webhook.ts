/**
 * POST /api/payment/webhook: Stripe's notices. The signature is checked on
 * the raw body (this plugin alone reads JSON as a Buffer), and each event id
 * is recorded in the same transaction as its effect, so a replayed, retried
 * or concurrent delivery changes nothing. Out-of-order notices are harmless:
 * a booking only moves pending → paid/expired/cancelled, and a late payment
 * sells seats again only when they are still free.
 *
 * Weekly and monthly gifts through payment links are subscriptions: the
 * first gift arrives as checkout.session.completed (and remembers its
 * subscription), each renewal as invoice.paid, recorded as a gift of the same
 * type and plan, once per invoice.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../../lib/errors.js';
import { errors } from '../../schemas/entities.js';
import type { Fulfilment } from './fulfilment.js';
import type { PaymentProvider } from './provider.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { claimWebhookEvent, findSubscriptionDonation, markBookingPaid, recordDonation, releaseBooking, type PaidOutcome } from './service.js';
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

type InvoiceObject = {
  id: string;
  billing_reason?: string | null;
  amount_paid?: number | null;
  currency?: string | null;
  customer_email?: string | null;
  /** Older API versions. */
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
  /** API versions since 2025-03. */
  parent?: { subscription_details?: { subscription?: string | { id: string } | null; metadata?: Record<string, string> | null } | null } | null;
};

const refOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

export async function stripeWebhookRoutes(app: FastifyInstance, options: { provider: PaymentProvider; fulfilment: Fulfilment }): Promise<void> {
  const { fulfilment } = options;
  const provider = options.provider.name === 'stripe' ? (options.provider as StripePaymentProvider) : null;

  // Only here: keep the JSON body as the exact bytes Stripe signed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  /** A renewal of a recurring gift: recorded like its first gift, under the invoice's id. */
  async function recordRenewal(trx: Transaction<Database>, invoice: InvoiceObject): Promise<void> {
    // The first invoice of a subscription is the gift its checkout.session.completed recorded.
    if (invoice.billing_reason === 'subscription_create') return;
    if (!invoice.amount_paid) return;
    const subscription = refOf(invoice.parent?.subscription_details?.subscription) ?? refOf(invoice.subscription);
    if (!subscription) return;
    const metadata = invoice.parent?.subscription_details?.metadata ?? invoice.subscription_details?.metadata;
    const first = await findSubscriptionDonation(trx, 'stripe', subscription);
    const plan = first ?? parseDonationReference(metadata?.donation ? `donation_${metadata.donation}` : null);
    if (!plan) {
      app.log.warn({ invoice: invoice.id, subscription }, 'a renewal of a subscription with no recorded first gift; not recorded');
      return;
    }
    await recordDonation(trx, {
      type: plan.type,
      frequency: plan.frequency,
      amount: invoice.amount_paid / 100,
      currency: invoice.currency ?? 'usd',
      provider: 'stripe',
      providerRef: invoice.id,
      subscriptionRef: subscription,
      userId: first?.user_id ?? null,
      email: invoice.customer_email ?? first?.email ?? null,
    });
  }

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
              subscriptionRef: refOf(session.subscription) ?? null,
            });
          } else if (session.payment_link) {
            app.log.warn({ session: session.id }, 'a payment link was paid without a donation reference; not recorded');
          }
          return { duplicate: false };
        }
        case 'invoice.paid':
          await recordRenewal(trx, event.data.object as unknown as InvoiceObject);
          return { duplicate: false };
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
    { schema: { response: { 200: answer, ...errors(400, 404) } } },
    async (request) => {
      if (!provider) throw notFound('Payment webhooks');
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
