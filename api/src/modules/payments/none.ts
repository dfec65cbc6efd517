/**
 * The `none` provider (the default on a public address without Stripe): no
 * online payment. Nothing can be opened, paid or refunded here; ticket
 * checkouts are refused and donation pages say giving online is not set up.
 */
import { PaymentProviderError, type PaymentProvider } from './providerTypes.js';

export function createNoPaymentProvider(): PaymentProvider {
  const unavailable = async (): Promise<never> => {
    throw new PaymentProviderError('online payment is not set up (PAYMENT_PROVIDER=none)');
  };
  return {
    name: 'none',
    minimumHoldMinutes: 1,
    takesPayments: false,
    testMode: false,
    hostsCheckoutPage: false,
    createCheckout: unavailable,
    async cancelCheckout() {
      return true;
    },
    async checkoutPayment(sessionId) {
      return { paid: false, paymentRef: sessionId };
    },
    refund: unavailable,
    donationRedirect() {
      return null;
    },
    cancelSubscription: unavailable,
  };
}
