/**
 * Where members pay, chosen from config: `local` (the default on localhost)
 * serves its own test-mode pages under /pay/... (local.ts); `stripe` uses
 * Stripe Checkout and payment links (stripe.ts); `none` (the default on a
 * public address without Stripe) takes no payment (none.ts). What they
 * offer is providerTypes.ts. `local` and `stripe` end in the same
 * fulfilment (fulfilment.ts): a paid booking sells its seats, an expired or
 * cancelled one releases them.
 */
import { checkStripeSettings, type AppConfig } from '../../config.js';
import { createLocalProvider } from './local.js';
import { createNoPaymentProvider } from './none.js';
import type { PaymentProvider } from './providerTypes.js';
import { createStripeProvider } from './stripe.js';

/** Test payments moved no money: whatever the site uses now, closing or giving one back is recorded here alone. */
const testPayments = createLocalProvider();

/**
 * The provider that answers for a booking or gift recorded through
 * `recorded` (the provider named on its row): the site's own when it is the
 * same one, the local provider for a test payment whatever the site uses
 * now, and null when it went through a provider this site no longer uses.
 */
export function providerFor(current: PaymentProvider, recorded: string): PaymentProvider | null {
  if (recorded === current.name) return current;
  return recorded === testPayments.name ? testPayments : null;
}

/**
 * The checkout of a booking still open on the provider's own page (Stripe:
 * cs_…), to close or to ask whether it was paid; null when there is none
 * there (a test checkout is this API's own page).
 */
export function hostedCheckoutOf(
  current: PaymentProvider,
  booking: { provider: string; provider_session_id: string | null },
): string | null {
  return booking.provider_session_id && providerFor(current, booking.provider)?.hostsCheckoutPage
    ? booking.provider_session_id
    : null;
}

export function createPaymentProvider(config: AppConfig): PaymentProvider {
  if (config.paymentProvider === 'stripe') {
    checkStripeSettings(config);
    return createStripeProvider(config);
  }
  if (config.paymentProvider === 'none') return createNoPaymentProvider();
  return createLocalProvider();
}
