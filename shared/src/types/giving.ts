/** Bookings, tickets and checkout (spec sections 2, 4 and 7). No React here. */

/**
 * pending: seats held while the member pays; paid: seats sold (a ticket);
 * expired / cancelled: seats released; refund_due: paid after the hold
 * lapsed and the seats were gone (never oversold), the refund under way;
 * refunded: that payment was given back.
 */
export type BookingStatus = 'pending' | 'paid' | 'expired' | 'cancelled' | 'refund_due' | 'refunded';

/** The event a booking is for, as the booking shows it. */
export interface BookingEvent {
  _id: string;
  title: string;
  event_date: string;
  photo: string;
}

export interface Booking {
  _id: string;
  event: BookingEvent;
  quantity: number;
  /** Dollars per seat when booked. */
  unitPrice: number;
  /** Dollars in all. */
  amount: number;
  status: BookingStatus;
  createdAt: string;
  /** Until when the seats are held while pending. */
  expiresAt: string;
  paidAt: string | null;
}

/** POST /api/payment/create-checkout-session (spec section 7). */
export interface CheckoutSessionInput {
  /** One item: how many seats, and the event's price identifier (the server uses its own price). */
  items: { quantity: number; price?: string | number | null }[];
  /** The member's id: must be the signed-in member. */
  user: string;
  /** The event's id. */
  event: string;
}
