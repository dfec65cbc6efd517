/** Giving: tickets and donations (spec section 3: payment). */
import { Type } from '@sinclair/typebox';
import type { DonationType } from '../config/donations';
import { BodyInteger, BodyText, IntOrNull, NumOrNull, Str, StrOrNull, StringEnum } from './schema';

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

/**
 * A member's personal calendar feed (their tickets: GET, POST and DELETE
 * /api/calendar/feed; their serving schedule: /api/serving/feed, the same
 * answer): its secret address, or null when they have none.
 */
export const MyCalendarFeedContract = Type.Object({ url: StrOrNull() });

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

/** The member's giving history (GET /api/giving/mine). */
export const MyGivingContract = Type.Object({
  gifts: Type.Array(GiftContract),
  recurring: Type.Array(RecurringGiftContract),
});

/** Where the signed-in member stands on an event's waitlist (GET /api/events/{id}/waitlist). */
export const MyWaitlistEntryContract = Type.Object({
  /** none: not on it; waiting: in the queue; offered: seats are held for them until offerExpiresAt. */
  status: StringEnum(['none', 'waiting', 'offered']),
  quantity: Type.Integer(),
  /** 1 for the first member waiting; null unless waiting. */
  position: IntOrNull(),
  /** The booking holding the offered seats (paid on its checkout page). */
  bookingId: StrOrNull(),
  offerExpiresAt: StrOrNull(),
});

/** One member on an event's waitlist, for staff (GET /api/admin/events/{id}/waitlist). */
export const StaffWaitlistEntryContract = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  quantity: Type.Integer(),
  status: StringEnum(['waiting', 'offered']),
  position: IntOrNull(),
  joinedAt: Type.String(),
  offerExpiresAt: StrOrNull(),
});

/** How the site takes payments (GET /api/payment/status). */
export const PaymentStatusContract = Type.Object({
  /** local: test-mode pages, no money moves; stripe: real card payments; none: no online payment yet. */
  provider: StringEnum(['local', 'stripe', 'none']),
  testMode: Type.Boolean(),
  /** Seats one member may hold of an event at once. */
  seatsPerMember: Type.Integer(),
});

/** The kinds of gift (config/donations.ts names and explains each). */
const DONATION_TYPE_IDS = ['offering', 'tithing', 'charitable', 'generous'] as const satisfies readonly DonationType[];

/** A gift on the admins' donations page (GET /api/admin/donations). */
export const DonationRecordContract = Type.Object({
  _id: Type.String(),
  type: StringEnum(DONATION_TYPE_IDS),
  frequency: StringEnum(['once', 'weekly', 'monthly']),
  /** Dollars; null when the provider did not say. */
  amount: NumOrNull(),
  status: StringEnum(['paid', 'refunded']),
  provider: Type.String(),
  /** The giver: a member's name, or the address they gave; null when anonymous. */
  giver: StrOrNull(),
  email: StrOrNull(),
  createdAt: Type.String(),
});

/** The admins' donations page: the newest gifts that match its filters, and their totals. */
export const DonationReportContract = Type.Object({
  /** The newest gifts that match, at most `limit`. */
  items: Type.Array(DonationRecordContract),
  /** How many gifts match in all (refunded ones included). */
  matched: Type.Integer(),
  limit: Type.Integer(),
  totals: Type.Object({
    count: Type.Integer(),
    amount: Type.Number(),
    byType: Type.Array(Type.Object({ type: StringEnum(DONATION_TYPE_IDS), count: Type.Integer(), amount: Type.Number() })),
    /** 'YYYY-MM' on the site's clock, newest first. */
    byMonth: Type.Array(Type.Object({ month: Type.String(), count: Type.Integer(), amount: Type.Number() })),
  }),
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
