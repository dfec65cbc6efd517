import type { MinistryEvent } from '@ministry/shared/types';
import { countOf, formatPrice } from '@ministry/shared/format';

/** Whether tickets can still be bought, and if not, why. */
export type EventAvailability = 'on-sale' | 'sold-out' | 'past' | 'cancelled';

export function availabilityOf(event: MinistryEvent, now: number = Date.now()): EventAvailability {
  if (event.cancelledAt) return 'cancelled';
  if (Date.parse(event.event_date) <= now) return 'past';
  return event.seatsLeft > 0 ? 'on-sale' : 'sold-out';
}

/** '12 seats left', '1 seat left', 'Sold out', 'This event has taken place', 'This event is cancelled'. */
export function seatsText(event: MinistryEvent): string {
  const availability = availabilityOf(event);
  if (availability === 'cancelled') return 'This event is cancelled';
  if (availability === 'past') return 'This event has taken place';
  if (availability === 'sold-out') return 'Sold out';
  return countOf(event.seatsLeft, 'seat left', 'seats left');
}

/** A price as the site shows it: "$60" (the spec's "60$" is written the way donors write dollars; docs/spec-deviations.md), "Free" for 0. */
export const priceText = (amount: number): string => (amount === 0 ? 'Free' : formatPrice(amount));

/** A free event: its places are reserved, not bought. */
export const isFree = (event: Pick<MinistryEvent, 'seat_price'>): boolean => event.seat_price === 0;

export const eventPath = (event: Pick<MinistryEvent, '_id'>): string => `/events/${event._id}`;
