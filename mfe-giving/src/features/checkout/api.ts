/** After the checkout: a booking as the payment provider left it, or given back. */
import { http } from '@ministry/shared/api';
import type { Booking, Envelope } from '@ministry/shared/types';

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
