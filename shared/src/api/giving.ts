/** Tickets, bookings and donations (spec section 7: create-checkout-session). */
import { apiBase, http } from './client';
import type { Booking, CheckoutSessionInput, Envelope } from '../types';
import type { DonationFrequency, DonationType } from '../config/donations';

/** How the site takes payments (GET /api/payment/status). */
export interface PaymentStatus {
  /** local: test-mode pages, no money moves; stripe: real card payments; none: no online payment yet. */
  provider: 'local' | 'stripe' | 'none';
  testMode: boolean;
  /** Seats one member may hold of an event at once. */
  seatsPerMember: number;
}

/** GET /api/payment/status. */
export async function getPaymentStatus(): Promise<PaymentStatus> {
  return (await http.get<Envelope<PaymentStatus>>('/api/payment/status')).data.data;
}

/**
 * POST /api/payment/create-checkout-session: holds the seats; answers the
 * address of the checkout page (a path on the API for its own test-mode
 * pages, resolved here against the API's address).
 */
export async function createCheckoutSession(input: CheckoutSessionInput): Promise<string> {
  const address = (await http.post<Envelope<string>>('/api/payment/create-checkout-session', input)).data.data;
  return address.startsWith('/') && !address.startsWith('//') ? `${apiBase()}${address}` : address;
}

/** GET /api/payment/my-tickets: the signed-in member's paid bookings, soonest event first. */
export async function getMyTickets(): Promise<Booking[]> {
  return (await http.get<Envelope<Booking[]>>('/api/payment/my-tickets')).data.data;
}

/** GET /api/payment/bookings/{id}: one of the signed-in member's bookings. */
export async function getBooking(id: string): Promise<Booking> {
  return (await http.get<Envelope<Booking>>(`/api/payment/bookings/${encodeURIComponent(id)}`)).data.data;
}

/**
 * POST /api/payment/bookings/{id}/sync: one of the signed-in member's
 * bookings, after the server has asked the payment provider whether it was
 * paid (the success page, before the provider's notice arrives).
 */
export async function syncBooking(id: string): Promise<Booking> {
  return (await http.post<Envelope<Booking>>(`/api/payment/bookings/${encodeURIComponent(id)}/sync`)).data.data;
}

/** POST /api/payment/bookings/{id}/cancel: gives the held seats back (a paid booking stays paid). */
export async function cancelBooking(id: string): Promise<Booking> {
  return (await http.post<Envelope<Booking>>(`/api/payment/bookings/${encodeURIComponent(id)}/cancel`)).data.data;
}

/** The hosted donation page of a giving type (opened in a new tab). */
export function donationPageUrl(type: DonationType, frequency: DonationFrequency = 'once'): string {
  return `${apiBase()}/pay/donate/${encodeURIComponent(type)}?frequency=${encodeURIComponent(frequency)}`;
}
