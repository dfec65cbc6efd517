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

export function createPaymentProvider(config: AppConfig): PaymentProvider {
  if (config.paymentProvider === 'stripe') {
    checkStripeSettings(config);
    return createStripeProvider(config);
  }
  if (config.paymentProvider === 'none') return createNoPaymentProvider();
  return createLocalProvider();
}
