/**
 * The `local` provider: no money moves. The checkout page is this API's own
 * /pay/checkout/{bookingId} (pages.ts), marked TEST MODE, whose Pay and
 * Cancel buttons run the same fulfilment a Stripe webhook would.
 */
import type { PaymentProvider } from './providerTypes.js';

export const LOCAL_SESSION_PREFIX = 'local_';

export function createLocalProvider(): PaymentProvider {
  return {
    name: 'local',
    minimumHoldMinutes: 1,
    takesPayments: true,
    testMode: true,
    // Its checkout is this API's own page: nothing elsewhere to close or ask.
    hostsCheckoutPage: false,
    // A path on this API: the browser resolves it against the API's address, whatever proxy stands in front.
    async createCheckout({ booking }) {
      return { id: `${LOCAL_SESSION_PREFIX}${booking.id}`, url: `/pay/checkout/${booking.id}` };
    },
    async cancelCheckout() {
      return true;
    },
    // Paid on its own page, which confirms the booking at once: nothing to ask.
    async checkoutPayment(sessionId) {
      return { paid: false, paymentRef: sessionId };
    },
    // No money moved: nothing to give back. The refund of booking B (key `refund-B`) is `local_refund_B`.
    async refund(_paymentRef, idempotencyKey) {
      return `${LOCAL_SESSION_PREFIX}refund_${idempotencyKey.replace(/^refund-/, '')}`;
    },
    donationRedirect() {
      return null;
    },
    // Test gifts renew nothing: stopping one is recorded in the database alone.
    async cancelSubscription() {},
  };
}
