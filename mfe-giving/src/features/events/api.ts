/** The events' calls: the list, one event, its calendar file, and the signed-in member's place on a sold-out event's waitlist. */
import { apiBase, http } from '@ministry/shared/api';
import type { Booking, Envelope, MinistryEvent, MyWaitlistEntry } from '@ministry/shared/types';

export async function getEvents(): Promise<MinistryEvent[]> {
  return (await http.get<Envelope<MinistryEvent[]>>('/api/events')).data.data;
}

export async function getEvent(eventId: string): Promise<MinistryEvent> {
  return (await http.get<Envelope<MinistryEvent>>(`/api/events/search/${encodeURIComponent(eventId)}`)).data.data;
}

/** The event as a calendar file (.ics) to download: a link, not a call. */
export const eventCalendarUrl = (eventId: string): string => `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;

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

/**
 * POST /api/payment/reserve: places at a free event, reserved at once (no
 * payment step); places offered from the waitlist are confirmed the same way.
 */
export async function reservePlaces(eventId: string, quantity: number): Promise<Booking> {
  return (await http.post<Envelope<Booking>>('/api/payment/reserve', { event: eventId, quantity })).data.data;
}
