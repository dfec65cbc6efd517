/** Giving: tickets and donations (spec section 3: payment). */
import { Type } from '@sinclair/typebox';
import type { DonationType } from '../config/donations';
import { BodyInteger, BodyText, NumOrNull, Str, StrOrNull, StringEnum } from './schema';

/**
 * pending: seats held while the member pays; paid: seats sold (a ticket);
 * expired / cancelled: seats released; refund_due: paid after the hold
 * lapsed and the seats were gone (never oversold), the refund under way;
 * refunded: that payment was given back.
 */
export const BOOKING_STATUSES = ['pending', 'paid', 'expired', 'cancelled', 'refund_due', 'refunded'] as const;

/** The event a booking is for, as the booking shows it. */
export const BookingEventContract = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  event_date: Type.String(),
  photo: Type.String(),
});

export const BookingContract = Type.Object({
  _id: Type.String(),
  event: BookingEventContract,
  quantity: Type.Integer(),
  /** Dollars per seat when booked. */
  unitPrice: Type.Number(),
  /** Dollars in all. */
  amount: Type.Number(),
  status: StringEnum(BOOKING_STATUSES),
  createdAt: Type.String(),
  /** Until when the seats are held while pending. */
  expiresAt: Type.String(),
  paidAt: StrOrNull(),
});

/**
 * One of the member's tickets on "My tickets": a booking they paid for, as
 * it stands now (paid; refund on its way; refunded), with whether its event
 * was cancelled.
 */
export const MyTicketContract = Type.Object({
  ...BookingContract.properties,
  /** `place`: where it happens, one line (the church's name and address, or the venue). */
  event: Type.Object({ ...BookingEventContract.properties, cancelledAt: StrOrNull(), place: StrOrNull() }),
  refundedAt: StrOrNull(),
  /** The code shown at the door ('ABCDE-FGHJK-…', the QR code's content), while the booking is paid. */
  ticketCode: StrOrNull(),
  /** The QR code of the ticket, an SVG image, for events to come. */
  qrSvg: StrOrNull(),
  /** Until when the member may cancel it and be refunded (null: it cannot be cancelled). */
  cancelUntil: StrOrNull(),
  /** The member cancelled it themselves (its refund is on its way or made). */
  cancelledByMember: Type.Boolean(),
  /** When it was checked in at the door. */
  checkedInAt: StrOrNull(),
});

/** One ticket (one seat) of a booking: its own code and QR code, checked in on its own, maybe sent to a guest. */
export const TicketPassContract = Type.Object({
  _id: Type.String(),
  /** 1 for the booking's first ticket, 2… for the others. */
  position: Type.Integer(),
  /** The code shown at the door ('ABCDE-FGHJK-…', the QR code's content). */
  code: Type.String(),
  /** The QR code, an SVG image, for events to come. */
  qrSvg: StrOrNull(),
  checkedInAt: StrOrNull(),
  /** The guest's address it was last e-mailed to. */
  forwardedTo: StrOrNull(),
});

/**
 * "My tickets" with one ticket per seat and free events' reservations
 * (GET /api/payment/my-bookings): the booking as MyTicketContract says, and
 * whether its event is free, the short reference the member sees, and its
 * tickets (while it is paid or reserved).
 */
export const MyBookingContract = Type.Object({
  ...MyTicketContract.properties,
  free: Type.Boolean(),
  /** The short booking reference ('1A2B3C4D'), as staff see it too. */
  reference: Type.String(),
  tickets: Type.Array(TicketPassContract),
});

/** A gift in the member's giving history. */
export const GiftContract = Type.Object({
  _id: Type.String(),
  /** When it was given (ISO). */
  date: Type.String(),
  type: Str<DonationType>(),
  /** 'Offering', 'Tithing', … */
  typeLabel: Type.String(),
  frequency: StringEnum(['once', 'weekly', 'monthly']),
  /** A weekly or monthly gift (one of a subscription's payments). */
  recurring: Type.Boolean(),
  amount: Type.Number(),
  /** The part of `amount` the donor added to cover the processing fees. */
  feeCovered: NumOrNull(),
  status: StringEnum(['paid', 'refunded']),
});

/** One of the member's weekly or monthly gifts, with its next date (null once stopped). */
export const RecurringGiftContract = Type.Object({
  /** The id of its first gift (what the Cancel button sends). */
  _id: Type.String(),
  type: Str<DonationType>(),
  typeLabel: Type.String(),
  frequency: StringEnum(['weekly', 'monthly']),
  /** The amount of its latest gift. */
  amount: Type.Number(),
  startedAt: Type.String(),
  lastGiftAt: Type.String(),
  /** When it comes next (null once stopped). */
  nextDate: StrOrNull(),
  /** When the donor stopped it. */
  cancelledAt: StrOrNull(),
  /** The payment service that takes it ('stripe', or 'local' in test mode). */
  provider: Type.String(),
});

/** A member's checkout for tickets (POST /api/payment/create-checkout-session). */
export const CheckoutBody = Type.Object({
  /** One line: how many tickets (the price the page knows is not used: the event's own is charged). */
  items: Type.Optional(
    Type.Unsafe<unknown[] | null>({
      type: ['array', 'null'],
      items: Type.Object({ quantity: BodyInteger(), price: Type.Optional(Type.Unknown()) }),
    }),
  ),
  /** The member buying: the session's own (a 403 otherwise). */
  user: BodyText({ maxLength: 100 }),
  event: BodyText({ maxLength: 100 }),
});
