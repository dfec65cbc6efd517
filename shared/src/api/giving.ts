/** Tickets, bookings and donations (spec section 7: create-checkout-session). */
import { http } from './client';
import type { Booking, CheckoutSessionInput, Envelope } from '../types';
import type { DonationFrequency, DonationType } from '../config/donations';

/** POST /api/payment/create-checkout-session: holds the seats; answers the address of the checkout page. */
export async function createCheckoutSession(input: CheckoutSessionInput): Promise<string> {
  return (await http.post<Envelope<string>>('/api/payment/create-checkout-session', input)).data.data;
}

/** GET /api/payment/my-tickets: the signed-in member's paid bookings, soonest event first. */
export async function getMyTickets(): Promise<Booking[]> {
  return (await http.get<Envelope<Booking[]>>('/api/payment/my-tickets')).data.data;
}

/** GET /api/payment/bookings/{id}: one of the signed-in member's bookings. */
export async function getBooking(id: string): Promise<Booking> {
  return (await http.get<Envelope<Booking>>(`/api/payment/bookings/${encodeURIComponent(id)}`)).data.data;
}

/** POST /api/payment/bookings/{id}/cancel: gives the held seats back (a paid booking stays paid). */
export async function cancelBooking(id: string): Promise<Booking> {
  return (await http.post<Envelope<Booking>>(`/api/payment/bookings/${encodeURIComponent(id)}/cancel`)).data.data;
}

/** The hosted donation page of a giving type (opened in a new tab). */
export function donationPageUrl(type: DonationType, frequency: DonationFrequency = 'once'): string {
  const base = (http.defaults.baseURL ?? '').replace(/\/+$/, '');
  return `${base}/pay/donate/${encodeURIComponent(type)}?frequency=${encodeURIComponent(frequency)}`;
}
