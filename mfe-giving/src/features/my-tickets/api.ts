/** The signed-in member's tickets ("My tickets"), and giving one back. */
import { http } from '@ministry/shared/api';
import type { Booking, Envelope, MyBooking, MyCalendarFeed, TicketPass } from '@ministry/shared/types';

/**
 * GET /api/payment/my-bookings: what the signed-in member paid for or
 * reserved, as it stands now, each booking with its tickets (one per seat).
 */
export async function getMyBookings(): Promise<MyBooking[]> {
  return (await http.get<Envelope<MyBooking[]>>('/api/payment/my-bookings')).data.data;
}

/** POST /api/payment/tickets/:id/forward: e-mails one ticket (its QR code) to a guest's address. */
export async function forwardTicket(ticketId: string, email: string): Promise<TicketPass> {
  return (await http.post<Envelope<TicketPass>>(`/api/payment/tickets/${encodeURIComponent(ticketId)}/forward`, { email })).data
    .data;
}

/**
 * POST /api/payment/my-bookings/:id/cancel: the member gives a paid booking
 * back (until CANCEL_HOURS_BEFORE hours before the event); answers the
 * booking as it stands after (refunded, or refund_due while the refund is made).
 */
export async function cancelMyBooking(id: string): Promise<Booking> {
  return (await http.post<Envelope<Booking>>(`/api/payment/my-bookings/${encodeURIComponent(id)}/cancel`)).data.data;
}

/** GET /api/calendar/feed: the member's personal calendar feed (its secret address, or null when they have none). */
export async function getMyCalendarFeed(): Promise<MyCalendarFeed> {
  return (await http.get<Envelope<MyCalendarFeed>>('/api/calendar/feed')).data.data;
}

/** POST /api/calendar/feed: a new secret address (the old one, if any, stops answering). */
export async function resetMyCalendarFeed(): Promise<MyCalendarFeed> {
  return (await http.post<Envelope<MyCalendarFeed>>('/api/calendar/feed')).data.data;
}

/** DELETE /api/calendar/feed: no personal feed any more. */
export async function removeMyCalendarFeed(): Promise<MyCalendarFeed> {
  return (await http.delete<Envelope<MyCalendarFeed>>('/api/calendar/feed')).data.data;
}
