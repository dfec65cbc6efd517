/**
 * The spec's browser key `event`: the id of the event chosen for booking,
 * and beside it the number of tickets chosen on the event page (chosen once:
 * /booking shows it, and keeps it through the detour to /login and when the
 * page is opened again; the event page starts from it when the member goes
 * back to change it).
 */
export const EVENT_KEY = 'event';
export const QUANTITY_KEY = 'bookingQuantity';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps the event and the number of tickets chosen for it. */
export function storeBooking(eventId: string, quantity: number): void {
  storage()?.setItem(EVENT_KEY, eventId);
  storage()?.setItem(QUANTITY_KEY, JSON.stringify({ eventId, quantity }));
}

export const readBookingEvent = (): string | null => storage()?.getItem(EVENT_KEY) ?? null;

export function clearBooking(): void {
  storage()?.removeItem(EVENT_KEY);
  storage()?.removeItem(QUANTITY_KEY);
}

/** The number of tickets chosen for this event, if one was. */
export function chosenQuantity(eventId: string): number | undefined {
  try {
    const saved = JSON.parse(storage()?.getItem(QUANTITY_KEY) ?? 'null') as {
      eventId?: string;
      quantity?: unknown;
    } | null;
    return saved?.eventId === eventId && typeof saved.quantity === 'number' && saved.quantity >= 1
      ? Math.floor(saved.quantity)
      : undefined;
  } catch {
    return undefined;
  }
}
