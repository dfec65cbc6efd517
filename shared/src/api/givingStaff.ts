/**
 * The giving staff pages' calls (mfe-giving): events, their attendees and
 * cancellation, donations; and the member's "My tickets".
 */
import { apiBase, http } from './client';
import type {
  AttendeeList,
  Booking,
  CheckInCounts,
  CheckInResult,
  DonationFilters,
  DonationReport,
  Envelope,
  MyTicket,
  StaffEvent,
  StaffEventInput,
  StaffWaitlistEntry,
} from '../types';

/** GET /api/admin/events: every event, those to come first, with the seats sold and held. */
export async function getStaffEvents(): Promise<StaffEvent[]> {
  return (await http.get<Envelope<StaffEvent[]>>('/api/admin/events')).data.data;
}

/** GET /api/admin/events/{id}. */
export async function getStaffEvent(id: string): Promise<StaffEvent> {
  return (await http.get<Envelope<StaffEvent>>(`/api/admin/events/${encodeURIComponent(id)}`)).data.data;
}

/** POST /api/admin/events. */
export async function createStaffEvent(input: StaffEventInput): Promise<StaffEvent> {
  return (await http.post<Envelope<StaffEvent>>('/api/admin/events', input)).data.data;
}

/** PUT /api/admin/events/{id}: a 400 says under which field what is wrong (e.g. fewer seats than are taken). */
export async function updateStaffEvent(id: string, input: StaffEventInput): Promise<StaffEvent> {
  return (await http.put<Envelope<StaffEvent>>(`/api/admin/events/${encodeURIComponent(id)}`, input)).data.data;
}

/** What a cancellation answers: the event, and where its refunds and e-mails stand. */
export interface EventCancellation {
  event: StaffEvent;
  refunded: number;
  refundsPending: number;
  notified: number;
  /** false: refunds and e-mails go on after the answer (a large event). */
  finished: boolean;
}

/** POST /api/admin/events/{id}/cancel (admins): refunds every paid booking and e-mails every ticket holder, once each. */
export async function cancelStaffEvent(id: string): Promise<EventCancellation> {
  return (await http.post<Envelope<EventCancellation>>(`/api/admin/events/${encodeURIComponent(id)}/cancel`)).data.data;
}

/** GET /api/admin/events/{id}/attendees. */
export async function getAttendees(id: string): Promise<AttendeeList> {
  return (await http.get<Envelope<AttendeeList>>(`/api/admin/events/${encodeURIComponent(id)}/attendees`)).data.data;
}

/** GET /api/admin/events/{id}/waitlist: the members waiting (in order) and those offered seats. */
export async function getEventWaitlist(id: string): Promise<StaffWaitlistEntry[]> {
  return (await http.get<Envelope<StaffWaitlistEntry[]>>(`/api/admin/events/${encodeURIComponent(id)}/waitlist`)).data.data;
}

/** The attendees as a CSV file: a link to download, not a call. */
export const attendeesCsvUrl = (id: string): string => `${apiBase()}/api/admin/events/${encodeURIComponent(id)}/attendees.csv`;

const filterParams = (filters: DonationFilters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );

/** GET /api/admin/donations (admins): the newest gifts that match, with totals per type and per month. */
export async function getDonationReport(filters: DonationFilters = {}): Promise<DonationReport> {
  return (await http.get<Envelope<DonationReport>>('/api/admin/donations', { params: filterParams(filters) })).data.data;
}

/** The gifts that match as a CSV file: a link to download. */
export function donationsCsvUrl(filters: DonationFilters = {}): string {
  const query = new URLSearchParams(filterParams(filters)).toString();
  return `${apiBase()}/api/admin/donations.csv${query ? `?${query}` : ''}`;
}

/** GET /api/payment/my-bookings: what the signed-in member paid for, as it stands now (paid, refund on its way, refunded). */
export async function getMyBookings(): Promise<MyTicket[]> {
  return (await http.get<Envelope<MyTicket[]>>('/api/payment/my-bookings')).data.data;
}

/**
 * POST /api/payment/my-bookings/:id/cancel: the member gives a paid booking
 * back (until CANCEL_HOURS_BEFORE hours before the event); answers the
 * booking as it stands after (refunded, or refund_due while the refund is made).
 */
export async function cancelMyBooking(id: string): Promise<Booking> {
  return (await http.post<Envelope<Booking>>(`/api/payment/my-bookings/${encodeURIComponent(id)}/cancel`)).data.data;
}

/** GET /api/admin/events/:id/check-in: tickets checked in and sold. */
export async function getCheckInCounts(eventId: string): Promise<CheckInCounts> {
  return (await http.get<Envelope<CheckInCounts>>(`/api/admin/events/${encodeURIComponent(eventId)}/check-in`)).data.data;
}

/** POST /api/admin/events/:id/check-in: checks a ticket in by its code (typed or scanned), once. */
export async function checkInTicket(eventId: string, code: string): Promise<CheckInResult> {
  return (await http.post<Envelope<CheckInResult>>(`/api/admin/events/${encodeURIComponent(eventId)}/check-in`, { code })).data
    .data;
}
