/** Booking seats: the checkout (spec section 7: create-checkout-session). */
import { apiBase, http } from '@ministry/shared/api';
import type { CheckoutSessionInput, Envelope } from '@ministry/shared/types';

/**
 * POST /api/payment/create-checkout-session: holds the seats; answers the
 * address of the checkout page (a path on the API for its own test-mode
 * pages, resolved here against the API's address).
 */
export async function createCheckoutSession(input: CheckoutSessionInput): Promise<string> {
  const address = (await http.post<Envelope<string>>('/api/payment/create-checkout-session', input)).data.data;
  return address.startsWith('/') && !address.startsWith('//') ? `${apiBase()}${address}` : address;
}
