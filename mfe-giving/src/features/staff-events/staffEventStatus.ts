import type { StaffEvent } from '@ministry/shared/types';

/** Where an event stands, as the staff pages label it. */
export type StaffEventState = 'cancelled' | 'past' | 'sold-out' | 'on-sale';

export function staffEventState(
  event: Pick<StaffEvent, 'cancelledAt' | 'event_date' | 'seats' | 'seatsSold' | 'seatsHeld'>,
  now = Date.now(),
): StaffEventState {
  if (event.cancelledAt) return 'cancelled';
  if (Date.parse(event.event_date) <= now) return 'past';
  return event.seatsSold + event.seatsHeld >= event.seats ? 'sold-out' : 'on-sale';
}

export const STATE_LABELS: Record<StaffEventState, { label: string; tone: 'ok' | 'warn' | 'muted' | 'danger' }> = {
  'on-sale': { label: 'On sale', tone: 'ok' },
  'sold-out': { label: 'Sold out', tone: 'warn' },
  past: { label: 'Took place', tone: 'muted' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
};

/** '3 sold · 2 held of 10'. */
export const seatsSummary = (event: Pick<StaffEvent, 'seats' | 'seatsSold' | 'seatsHeld'>): string =>
  `${event.seatsSold} sold${event.seatsHeld ? ` · ${event.seatsHeld} held` : ''} of ${event.seats}`;

export const staffEventPath = (id: string): string => `/admin/events/${id}`;
export const attendeesPath = (id: string): string => `/admin/events/${id}/attendees`;
export const checkInPath = (id: string): string => `/admin/events/${id}/check-in`;
