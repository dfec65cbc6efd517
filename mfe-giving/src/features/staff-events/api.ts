/** The staff's event pages' calls: events, their attendees, waitlist, check-in and cancellation; the churches and photos the event form offers. */
import { apiBase, http } from '@ministry/shared/api';
import type {
  AttendeeTicketList,
  CheckInCounts,
  ChurchLocation,
  Envelope,
  EventCancellation,
  RecurrenceRule,
  StaffEvent,
  StaffEventInput,
  StaffWaitlistEntry,
  TicketCheckInResult,
} from '@ministry/shared/types';

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

/** POST /api/admin/events/{id}/cancel (admins): refunds every paid booking and e-mails every ticket holder, once each. */
export async function cancelStaffEvent(id: string): Promise<EventCancellation> {
  return (await http.post<Envelope<EventCancellation>>(`/api/admin/events/${encodeURIComponent(id)}/cancel`)).data.data;
}

/** GET /api/admin/events/{id}/attendees: each booking with its short reference and its tickets (code, check-in). */
export async function getAttendees(id: string): Promise<AttendeeTicketList> {
  return (await http.get<Envelope<AttendeeTicketList>>(`/api/admin/events/${encodeURIComponent(id)}/attendees`)).data.data;
}

/** GET /api/admin/events/{id}/waitlist: the members waiting (in order) and those offered seats. */
export async function getEventWaitlist(id: string): Promise<StaffWaitlistEntry[]> {
  return (await http.get<Envelope<StaffWaitlistEntry[]>>(`/api/admin/events/${encodeURIComponent(id)}/waitlist`)).data.data;
}

/** The attendees as a CSV file: a link to download, not a call. */
export const attendeesCsvUrl = (id: string): string => `${apiBase()}/api/admin/events/${encodeURIComponent(id)}/attendees.csv`;

/** GET /api/admin/events/:id/check-in: tickets checked in and sold. */
export async function getCheckInCounts(eventId: string): Promise<CheckInCounts> {
  return (await http.get<Envelope<CheckInCounts>>(`/api/admin/events/${encodeURIComponent(eventId)}/check-in`)).data.data;
}

/** POST /api/admin/events/:id/check-in: checks one ticket (one person) in by its code (typed or scanned), once. */
export async function checkInTicket(eventId: string, code: string): Promise<TicketCheckInResult> {
  return (await http.post<Envelope<TicketCheckInResult>>(`/api/admin/events/${encodeURIComponent(eventId)}/check-in`, { code }))
    .data.data;
}

export async function getLocations(): Promise<ChurchLocation[]> {
  return (await http.get<Envelope<ChurchLocation[]>>('/api/locations')).data.data;
}

/** POST /api/admin/images: a photo for a devotional, news item, press release or event; answers what the entity stores. */
export async function uploadStaffImage(file: File): Promise<{ src: string; width: number; height: number }> {
  const form = new FormData();
  form.append('image', file);
  return (await http.post<Envelope<{ src: string; width: number; height: number }>>('/api/admin/images', form)).data.data;
}

/** PUT /api/admin/events/{id}/recurrence: the event repeats by the rule (null: no longer); answers the series, or null. */
export async function setEventRecurrence(id: string, rule: RecurrenceRule | null): Promise<StaffEvent | null> {
  return (await http.put<Envelope<StaffEvent | null>>(`/api/admin/events/${encodeURIComponent(id)}/recurrence`, { rule })).data
    .data;
}

/** POST /api/admin/events/{id}/skip: one date of a series is skipped (cancelled as any event when booked). */
export async function skipOccurrence(id: string): Promise<StaffEvent | null> {
  return (await http.post<Envelope<StaffEvent | null>>(`/api/admin/events/${encodeURIComponent(id)}/skip`)).data.data;
}

/** POST /api/admin/events/{id}/split: "this and following" take the form's changes, as a new series. */
export async function splitSeries(id: string, input: StaffEventInput): Promise<StaffEvent | null> {
  return (await http.post<Envelope<StaffEvent | null>>(`/api/admin/events/${encodeURIComponent(id)}/split`, input)).data.data;
}
