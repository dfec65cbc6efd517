/**
 * The spec's browser key `event`: the id of the event chosen for booking.
 * The ticket count chosen on the event page travels as navigation state, and
 * survives the detour through /login in sessionStorage.
 */
export const EVENT_KEY = 'event';
const QUANTITY_KEY = 'bookingQuantity';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

export function storeBookingEvent(eventId: string): void {
  storage('localStorage')?.setItem(EVENT_KEY, eventId);
  storage('sessionStorage')?.removeItem(QUANTITY_KEY);
}

export const readBookingEvent = (): string | null => storage('localStorage')?.getItem(EVENT_KEY) ?? null;

export function clearBooking(): void {
  storage('localStorage')?.removeItem(EVENT_KEY);
  storage('sessionStorage')?.removeItem(QUANTITY_KEY);
}

/** Keeps the chosen quantity while the member logs in. */
export function rememberQuantity(eventId: string, quantity: number): void {
  storage('sessionStorage')?.setItem(QUANTITY_KEY, JSON.stringify({ eventId, quantity }));
}

export function recalledQuantity(eventId: string): number | undefined {
  try {
    const saved = JSON.parse(storage('sessionStorage')?.getItem(QUANTITY_KEY) ?? 'null') as {
      eventId?: string;
      quantity?: unknown;
    } | null;
    return saved?.eventId === eventId && typeof saved.quantity === 'number' ? saved.quantity : undefined;
  } catch {
    return undefined;
  }
}
