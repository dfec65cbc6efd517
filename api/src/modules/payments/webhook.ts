/**
 * POST /api/payment/webhook: Stripe's notices (only a provider that verifies
 * webhooks answers here; elsewhere it is a 404). The signature is checked on
 * the raw body (this plugin alone reads JSON as a Buffer), and each event id
 * is recorded in the same transaction as its effect (webhookEvents.ts), so a
 * replayed, retried or concurrent delivery changes nothing. Out-of-order
 * notices are harmless: a booking only moves pending → paid/expired/cancelled,
 * and a late payment sells seats again only when they are still free.
 *
 * Weekly and monthly gifts through payment links are subscriptions: the
 * first gift arrives as checkout.session.completed (and remembers its
 * subscription), each renewal as invoice.paid, recorded as a gift of the same
 * type and plan, once per invoice.
 *
 * A refund Stripe reports (charge.refunded, refund.created, refund.updated)
 * is recorded on the booking waiting for it, once.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../../lib/errors.js';
import { errors } from '../../schemas/entities.js';
import type { Fulfilment } from './fulfilment.js';
import type { PaymentProvider, WebhookEvent } from './providerTypes.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { markBookingPaid, markBookingRefunded, releaseBooking, type PaidOutcome } from '../seats/bookings.js';
import { findSubscriptionDonation, recordDonation } from './donations.js';
import type { GivingMails } from './receipts.js';
import { claimWebhookEvent } from './webhookEvents.js';
import { parseDonationReference } from './stripe.js';

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
  parent?: {
    subscription_details?: { subscription?: string | { id: string } | null; metadata?: Record<string, string> | null } | null;
  } | null;
};

/** A refund as charge.refunded (a charge with its refunds) or refund.created / refund.updated (a refund) tells it. */
type RefundNotice = {
  id: string;
  object?: string;
  status?: string | null;
  charge?: string | { id: string } | null;
  payment_intent?: string | { id: string } | null;
  refunded?: boolean;
  refunds?: { data?: { id: string }[] } | null;
};

const refOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

export async function stripeWebhookRoutes(
  app: FastifyInstance,
  options: { provider: PaymentProvider; fulfilment: Fulfilment; givingMails: GivingMails },
): Promise<void> {
  const { provider, fulfilment, givingMails } = options;

  // Only here: keep the JSON body as the exact bytes Stripe signed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  /** A renewal of a recurring gift: recorded like its first gift, under the invoice's id. */
  async function recordRenewal(trx: Transaction<Database>, invoice: InvoiceObject): Promise<string | null> {
    // The first invoice of a subscription is the gift its checkout.session.completed recorded.
    if (invoice.billing_reason === 'subscription_create') return null;
    if (!invoice.amount_paid) return null;
    const subscription = refOf(invoice.parent?.subscription_details?.subscription) ?? refOf(invoice.subscription);
    if (!subscription) return null;
    const metadata = invoice.parent?.subscription_details?.metadata ?? invoice.subscription_details?.metadata;
    const first = await findSubscriptionDonation(trx, provider.name, subscription);
    const plan = first ?? parseDonationReference(metadata?.donation ? `donation_${metadata.donation}` : null);
    if (!plan) {
      app.log.warn(
        { invoice: invoice.id, subscription },
        'a renewal of a subscription with no recorded first gift; not recorded',
      );
      return null;
    }
    return recordDonation(trx, {
      type: plan.type,
      frequency: plan.frequency,
      amount: invoice.amount_paid / 100,
      currency: invoice.currency ?? 'usd',
      provider: provider.name,
      providerRef: invoice.id,
      subscriptionRef: subscription,
      userId: first?.user_id ?? null,
      email: invoice.customer_email ?? first?.email ?? null,
    });
  }

  /**
   * Stripe says a payment was refunded: a booking waiting for that refund
   * (its answer lost, or still under way) records it now; one recorded
   * already is left as it is, so a replay records nothing twice.
   */
  async function recordRefund(trx: Transaction<Database>, notice: RefundNotice): Promise<string | undefined> {
    const isCharge = notice.object === 'charge';
    if (isCharge ? notice.refunded !== true : notice.status !== 'succeeded') return undefined;
    const refs = [refOf(notice.payment_intent), isCharge ? notice.id : refOf(notice.charge)].filter((r): r is string =>
      Boolean(r),
    );
    if (refs.length === 0) return undefined;
    const booking = await trx
      .selectFrom('bookings')
      .select('id')
      .where('provider', '=', provider.name)
      .where('provider_payment_ref', 'in', refs)
      .where('status', '=', 'refund_due')
      .executeTakeFirst();
    if (!booking) return undefined;
    const refundRef = isCharge ? (notice.refunds?.data?.[0]?.id ?? `${notice.id}:refunded`) : notice.id;
    return (await markBookingRefunded(trx, booking.id, refundRef))?.id;
  }

  async function handle(event: WebhookEvent): Promise<{
    duplicate: boolean;
    paid?: { bookingId: string; outcome: PaidOutcome };
    refunded?: string;
    /** A gift recorded now: its receipt goes once the transaction is committed. */
    gift?: string | null;
  }> {
    return app.db.transaction().execute(async (trx) => {
      if (!(await claimWebhookEvent(trx, provider.name, event.id, event.type))) return { duplicate: true };
      const session = event.data.object as CheckoutSessionObject;
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
            const gift = await recordDonation(trx, {
              ...donation,
              amount: typeof session.amount_total === 'number' ? session.amount_total / 100 : null,
              currency: session.currency ?? 'usd',
              provider: provider.name,
              providerRef: session.id,
              email: session.customer_details?.email ?? session.customer_email ?? null,
              subscriptionRef: refOf(session.subscription) ?? null,
            });
            return { duplicate: false, gift };
          } else if (session.payment_link) {
            app.log.warn({ session: session.id }, 'a payment link was paid without a donation reference; not recorded');
          }
          return { duplicate: false };
        }
        case 'charge.refunded':
        case 'refund.created':
        case 'refund.updated':
          return { duplicate: false, refunded: await recordRefund(trx, event.data.object as RefundNotice) };
        case 'invoice.paid':
          return { duplicate: false, gift: await recordRenewal(trx, event.data.object as InvoiceObject) };
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed':
          if (bookingId)
            await releaseBooking(trx, bookingId, event.type === 'checkout.session.expired' ? 'expired' : 'cancelled');
          return { duplicate: false };
        default:
          return { duplicate: false };
      }
    });
  }

  app.post('/webhook', { schema: { response: { 200: answer, ...errors(400, 404) } } }, async (request) => {
    // Only a provider that sends webhooks (Stripe) verifies them.
    if (!provider.verifyWebhook) throw notFound('Payment webhooks');
    const signature = request.headers['stripe-signature'];
    const body = request.body;
    if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
      throw new HttpError(400, 'bad_signature', 'This webhook is not signed.');
    }
    let event: WebhookEvent;
    try {
      event = provider.verifyWebhook(body, signature);
    } catch {
      throw new HttpError(400, 'bad_signature', 'The signature of this webhook does not match.');
    }
    const result = await handle(event);
    if (result.paid) await fulfilment.afterPaid(result.paid.bookingId, result.paid.outcome);
    if (result.refunded) await fulfilment.refundRecorded(result.refunded);
    const gift = result.gift;
    if (gift) app.afterReply.run('send a gift receipt', () => givingMails.receipt(gift));
    return { received: true, duplicate: result.duplicate };
  });
}
