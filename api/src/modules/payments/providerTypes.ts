/**
 * What every payment provider offers (local.ts, stripe.ts, none.ts), and
 * how it fails. The providers import this file and nothing of each other;
 * provider.ts chooses one from config. Where providers differ, they say so
 * here (a capability or a method), so no other file asks which one it is.
 */
import type { DonationFrequency, DonationType } from '@ministry/shared/config';
import type { PaymentProviderName } from '../../config.js';

export interface CheckoutRequest {
  booking: { id: string; quantity: number; unitPrice: number; expiresAt: Date };
  event: { id: string; title: string; priceId: string | null };
  customer: { id: string; email: string };
  /** The site's address as the member's browser sees it (return pages). */
  siteOrigin: string;
}

export interface CheckoutSession {
  /** The provider's id of the checkout (Stripe: cs_…). */
  id: string;
  /** Where the member's browser goes to pay. */
  url: string;
}

/** A provider's notice, verified: its id (handled once), its type and what it is about. */
export interface WebhookEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The shortest time a checkout can stay open (Stripe Checkout: just over 30 minutes). */
  readonly minimumHoldMinutes: number;
  /** Members can pay online: ticket checkouts can be opened (none: they cannot). */
  readonly takesPayments: boolean;
  /**
   * No money moves: this API serves the checkout and donation pages itself
   * under /pay/..., marked TEST MODE, and their buttons pay (local).
   */
  readonly testMode: boolean;
  /**
   * The checkout page is the provider's own (Stripe Checkout): a checkout
   * still open there must be closed, and may be asked whether it was paid.
   */
  readonly hostsCheckoutPage: boolean;
  /** Opens a checkout for a booking whose seats are already held. A network call: never inside a transaction. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Closes an open checkout so it can no longer be paid. Resolves false when
   * the provider says it is already paid (then the seats must not be released).
   */
  cancelCheckout(sessionId: string): Promise<boolean>;
  /**
   * Asks the provider whether a checkout was paid (a network call), for a
   * member back on the success page before the webhook came. `paymentRef` is
   * the reference a webhook would record for the same payment.
   */
  checkoutPayment(sessionId: string): Promise<{ paid: boolean; paymentRef: string }>;
  /**
   * Gives a payment back in full (`paymentRef`: the provider's reference of
   * the payment, Stripe: pi_… or ch_…). The same `idempotencyKey` never
   * refunds twice. Answers the provider's reference of the refund.
   */
  refund(paymentRef: string, idempotencyKey: string): Promise<string>;
  /**
   * Where the donation page of a type and frequency sends the browser, or
   * null when this API serves the page itself (local) or none is configured.
   */
  donationRedirect(type: DonationType, frequency: DonationFrequency): string | null;
  /** Stops a recurring gift (Stripe: cancels the subscription sub_…). A network call: never inside a transaction. */
  cancelSubscription(subscriptionRef: string): Promise<void>;
  /**
   * Present when the provider tells this API of payments by webhook
   * (Stripe): the verified event of a request; throws when the signature
   * does not match.
   */
  verifyWebhook?(rawBody: Buffer, signature: string): WebhookEvent;
}

/** A failure of the payment provider (network, configuration): a 502 for the member. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
