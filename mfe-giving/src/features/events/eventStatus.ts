import type { MinistryEvent } from '@ministry/shared/types';

/** Whether tickets can still be bought, and if not, why. */
export type EventAvailability = 'on-sale' | 'sold-out' | 'past';

export function availabilityOf(event: MinistryEvent, now: number = Date.now()): EventAvailability {
  if (Date.parse(event.event_date) <= now) return 'past';
  return event.seatsLeft > 0 ? 'on-sale' : 'sold-out';
}

/** '12 seats left', '1 seat left', 'Sold out', 'This event has taken place'. */
export function seatsText(event: MinistryEvent): string {
  const availability = availabilityOf(event);
  if (availability === 'past') return 'This event has taken place';
  if (availability === 'sold-out') return 'Sold out';
  return event.seatsLeft === 1 ? '1 seat left' : `${event.seatsLeft} seats left`;
}

/** Dollars as the site shows prices: seat_price followed by '$' (spec section 2). */
export const priceText = (amount: number): string => `${Number.isInteger(amount) ? amount : amount.toFixed(2)}$`;

export const eventPath = (event: Pick<MinistryEvent, '_id'>): string => `/events/${event._id}`;
