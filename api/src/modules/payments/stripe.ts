/**
 * The `stripe` provider: a Stripe Checkout Session per booking (the event's
 * price_Id and the quantity), the donation pages are payment links from
 * config, and Stripe's webhooks (verified on the raw body) confirm or release.
 * STRIPE_API_BASE points the SDK at another host (the tests' local fake).
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { DonationFrequency, DonationType } from '@ministry/shared/config';
import type { AppConfig } from '../../config.js';
import { PaymentProviderError, type PaymentProvider } from './providerTypes.js';

/** client_reference_id of a donation checkout: `donation_<type>_<frequency>`. */
export const donationReference = (type: DonationType, frequency: DonationFrequency): string => `donation_${type}_${frequency}`;

export function parseDonationReference(
  reference: string | null | undefined,
): { type: DonationType; frequency: DonationFrequency } | null {
  const match = /^donation_(offering|tithing|charitable|generous)_(once|weekly|monthly)$/.exec(reference ?? '');
  return match ? { type: match[1] as DonationType, frequency: match[2] as DonationFrequency } : null;
}

function sdkOptions(config: AppConfig): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (config.stripeApiBase) {
    const base = new URL(config.stripeApiBase);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    Object.assign(options, { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol });
  }
  return options;
}

export function createStripeProvider(config: AppConfig): PaymentProvider {
  // Loaded when a site takes cards through Stripe (the SDK is large and most processes never use it).
  const StripeSdk = createRequire(import.meta.url)('stripe') as typeof Stripe;
  const stripe = new StripeSdk(config.stripeSecretKey ?? '', sdkOptions(config));
  const webhookSecret = config.stripeWebhookSecret;

  return {
    name: 'stripe',
    // Stripe Checkout sessions live at least 30 minutes; one more for the clock.
    minimumHoldMinutes: 31,
    takesPayments: true,
    testMode: false,
    hostsCheckoutPage: true,

    async createCheckout({ booking, event, customer, siteOrigin }) {
      const lineItem = event.priceId
        ? { price: event.priceId, quantity: booking.quantity }
        : {
            quantity: booking.quantity,
            price_data: {
              currency: 'usd',
              unit_amount: Math.round(booking.unitPrice * 100),
              product_data: { name: event.title },
            },
          };
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [lineItem],
            client_reference_id: booking.id,
            customer_email: customer.email,
            metadata: { booking_id: booking.id, event_id: event.id, user_id: customer.id },
            success_url: `${siteOrigin}/booking/success?booking=${booking.id}`,
            cancel_url: `${siteOrigin}/booking/cancelled?booking=${booking.id}`,
            // Stripe keeps a checkout open at least 30 minutes; a hold that ends sooner (started again,
            // so it kept its first deadline) is released on time, and a later payment is handled as late.
            expires_at: Math.floor(Math.max(booking.expiresAt.getTime(), Date.now() + 31 * 60_000) / 1000),
          },
          { idempotencyKey: `booking-${booking.id}` },
        );
        if (!session.url) throw new Error('Stripe answered a checkout session without a url');
        return { id: session.id, url: session.url };
      } catch (error) {
        throw new PaymentProviderError('Stripe could not open a checkout session', error);
      }
    },

    async cancelCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        // Not open any more: find out whether it was paid or had already expired.
        let status: string | null;
        try {
          status = (await stripe.checkout.sessions.retrieve(sessionId)).status;
        } catch {
          throw new PaymentProviderError('Stripe could not close the checkout session', error);
        }
        if (status === 'expired') return true;
        if (status === 'complete') return false;
        throw new PaymentProviderError('Stripe could not close the checkout session', error);
      }
    },

    async checkoutPayment(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        throw new PaymentProviderError('Stripe could not say whether the checkout was paid', error);
      }
      const ref = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);
      return {
        // A delayed payment method completes unpaid: not paid until Stripe says so.
        paid: session.status === 'complete' && session.payment_status !== 'unpaid',
        // As the webhook records it (webhook.ts).
        paymentRef: ref(session.payment_intent) ?? ref(session.subscription) ?? session.id,
      };
    },

    async refund(paymentRef, idempotencyKey) {
      const target = paymentRef.startsWith('pi_')
        ? { payment_intent: paymentRef }
        : paymentRef.startsWith('ch_')
          ? { charge: paymentRef }
          : null;
      if (!target) throw new PaymentProviderError(`Stripe cannot refund ${paymentRef}: not a payment intent or charge`);
      try {
        const refund = await stripe.refunds.create(
          { ...target, reason: 'requested_by_customer', metadata: { reason: 'seats_released' } },
          { idempotencyKey },
        );
        return refund.id;
      } catch (error) {
        // Refunded already (an earlier attempt whose answer was lost): done.
        if ((error as { code?: string }).code === 'charge_already_refunded') return `${paymentRef}:refunded`;
        throw new PaymentProviderError('Stripe could not refund the payment', error);
      }
    },

    donationRedirect(type, frequency) {
      const link = config.donationLinks[`${type}.${frequency}`];
      if (!link) return null;
      const url = new URL(link);
      url.searchParams.set('client_reference_id', donationReference(type, frequency));
      return url.toString();
    },

    async cancelSubscription(subscriptionRef) {
      try {
        await stripe.subscriptions.cancel(subscriptionRef);
      } catch (error) {
        // Cancelled already (an earlier attempt whose answer was lost): done.
        const e = error as { code?: string; statusCode?: number };
        if (e.code === 'resource_missing' || (e.statusCode === 400 && /cancel/i.test(String((error as Error).message)))) return;
        throw new PaymentProviderError('Stripe could not cancel the subscription', error);
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    },
  };
}
