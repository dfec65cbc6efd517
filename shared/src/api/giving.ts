/** Tickets, bookings and donations (spec section 7: create-checkout-session). */
import { apiBase, http } from './client';
import type { Booking, CheckoutSessionInput, Envelope, MyGiving, MyWaitlistEntry, RecurringGift } from '../types';
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

/** GET /api/events/{id}/waitlist: where the signed-in member stands on the event's waitlist. */
export async function getMyWaitlist(eventId: string): Promise<MyWaitlistEntry> {
  return (await http.get<Envelope<MyWaitlistEntry>>(`/api/events/${encodeURIComponent(eventId)}/waitlist`)).data.data;
}

/** POST /api/events/{id}/waitlist: joins the waitlist of a sold-out event for `quantity` seats. */
export async function joinWaitlist(eventId: string, quantity = 1): Promise<MyWaitlistEntry> {
  return (await http.post<Envelope<MyWaitlistEntry>>(`/api/events/${encodeURIComponent(eventId)}/waitlist`, { quantity })).data
    .data;
}

/** DELETE /api/events/{id}/waitlist: leaves the waitlist (seats offered go to the next member). */
export async function leaveWaitlist(eventId: string): Promise<MyWaitlistEntry> {
  return (await http.delete<Envelope<MyWaitlistEntry>>(`/api/events/${encodeURIComponent(eventId)}/waitlist`)).data.data;
}

/** The checkout page of seats held for the member (a waitlist offer). */
export const heldCheckoutUrl = (bookingId: string): string => `${apiBase()}/pay/checkout/${encodeURIComponent(bookingId)}`;

/** GET /api/giving/mine: the signed-in member's gifts, newest first, and their weekly and monthly gifts. */
export async function getMyGiving(): Promise<MyGiving> {
  return (await http.get<Envelope<MyGiving>>('/api/giving/mine')).data.data;
}

/** POST /api/giving/recurring/{id}/cancel: stops one of the member's weekly or monthly gifts. */
export async function cancelRecurringGift(id: string): Promise<RecurringGift> {
  return (await http.post<Envelope<RecurringGift>>(`/api/giving/recurring/${encodeURIComponent(id)}/cancel`)).data.data;
}

/** The member's giving statement of a year, a PDF (GET /api/giving/statement/{year}). */
export const givingStatementUrl = (year: number): string => `${apiBase()}/api/giving/statement/${year}`;
