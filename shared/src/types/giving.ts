/** Bookings, tickets and checkout (spec sections 2, 4 and 7). No React here. */
import type {
  MyGivingContract,
  ATTENDEE_PAYMENTS,
  AttendeeContract,
  AttendeeTicketContract,
  AttendeeTicketListContract,
  AttendeeWithTicketsContract,
  BOOKING_STATUSES,
  BookingContract,
  BookingEventContract,
  CheckInCountsContract,
  DonationRecordContract,
  DonationReportContract,
  EventCancellationContract,
  GiftContract,
  MyBookingContract,
  MyCalendarFeedContract,
  MyTicketContract,
  MyWaitlistEntryContract,
  PaymentStatusContract,
  StaffWaitlistEntryContract,
  TicketCheckInResultContract,
  RecurrenceRuleContract,
  RecurringGiftContract,
  StaffEventContract,
  StaffEventSeriesContract,
  TicketPassContract,
  Static,
} from '../contracts';

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The event a booking is for, as the booking shows it. */
export type BookingEvent = Static<typeof BookingEventContract>;

export type Booking = Static<typeof BookingContract>;

/** POST /api/payment/create-checkout-session (spec section 7). */
export interface CheckoutSessionInput {
  /** One item: how many seats, and the event's price identifier (the server uses its own price). */
  items: { quantity: number; price?: string | number | null }[];
  /** The member's id: must be the signed-in member. */
  user: string;
  /** The event's id. */
  event: string;
}

/** One of the member's tickets on "My tickets" (see the contract). */
export type MyTicket = Static<typeof MyTicketContract>;

/** One ticket (seat) of a booking, with its own code (see the contract). */
export type TicketPass = Static<typeof TicketPassContract>;

/** A booking on "My tickets" with its tickets, one per seat (see the contract). */
export type MyBooking = Static<typeof MyBookingContract>;

/** The member's personal calendar feed: its secret address, or null when they have none. */
export type MyCalendarFeed = Static<typeof MyCalendarFeedContract>;

/** Where an event happens, as the staff's form sets it: one of the churches, or an address. */
export type EventPlaceChoice = 'church' | 'address';

/** What the staff's event form sends (POST/PUT /api/admin/events). Date and time are on the site's clock. */
export interface StaffEventInput {
  title: string;
  description: string;
  /** 'YYYY-MM-DD', in the site's time zone. */
  date: string;
  /** 'HH:mm', in the site's time zone. */
  time: string;
  /** How long it lasts, in minutes (null: not told). */
  durationMinutes: number | null;
  /** What kind of event it is ('Worship', 'Youth', …): the calendar filters by it (null or absent: none). */
  category?: string | null;
  place: EventPlaceChoice;
  churchId: string | null;
  address: string | null;
  /** What ImageField gave (an uploaded photo) or a site image path. */
  photo: string;
  /** Dollars per seat. */
  price: number;
  seats: number;
}

/** How an event repeats (see the contract). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface RecurrenceRule extends Static<typeof RecurrenceRuleContract> {}

/** An event as the staff's pages see it (GET /api/admin/events, /api/admin/events/{id}; see the contract). */
export interface StaffEvent extends Static<typeof StaffEventContract>, Static<typeof StaffEventSeriesContract> {}

/** How a booking stands, as the attendees page and its CSV say it. */
export type AttendeePayment = (typeof ATTENDEE_PAYMENTS)[number];

/** A booking on the attendees page (see the contract). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface Attendee extends Static<typeof AttendeeContract> {}

export interface AttendeeList {
  event: Pick<StaffEvent, '_id' | 'title' | 'event_date' | 'seats' | 'seatsSold' | 'seatsHeld' | 'cancelledAt'>;
  attendees: Attendee[];
  totals: {
    bookings: number;
    ticketsPaid: number;
    ticketsWaiting: number;
    ticketsRefunded: number;
    amountPaid: number;
    amountRefunded: number;
  };
}

/** One ticket (one person) of a booking on the attendee list: its code and when it was checked in. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface AttendeeTicket extends Static<typeof AttendeeTicketContract> {}

/** A booking on the attendee list with its short reference and its tickets. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface AttendeeWithTickets extends Static<typeof AttendeeWithTicketsContract> {}

/** GET /api/admin/events/{id}/attendees: each booking with its tickets, and whether the event is free. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface AttendeeTicketList extends Static<typeof AttendeeTicketListContract> {}

/** A gift on the admins' donations page. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface DonationRecord extends Static<typeof DonationRecordContract> {}

/** The filters of the donations page (each optional; dates 'YYYY-MM-DD' on the site's clock, both included). */
export interface DonationFilters {
  type?: DonationRecord['type'] | '';
  frequency?: DonationRecord['frequency'] | '';
  from?: string;
  to?: string;
}

/** The admins' donations page (GET /api/admin/donations): the newest gifts that match its filters, and their totals. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface DonationReport extends Static<typeof DonationReportContract> {}

/** Tickets (seats) of an event checked in at the door, and sold. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface CheckInCounts extends Static<typeof CheckInCountsContract> {}

/** A scan at the door that found a valid ticket: checked in now, or already before (when and by whom). */
export interface CheckInResult {
  outcome: 'checked_in' | 'already';
  ticket: { name: string; quantity: number; checkedInAt: string; checkedInBy: string | null };
  counts: CheckInCounts;
}

/** A scan that checked in (or found checked in) one ticket of a booking: which one, its code and booking reference. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface TicketCheckInResult extends Static<typeof TicketCheckInResultContract> {}

/** A gift in the member's giving history. */
export type Gift = Static<typeof GiftContract>;

/** One of the member's weekly or monthly gifts. */
export type RecurringGift = Static<typeof RecurringGiftContract>;

/** GET /api/giving/mine. */
export type MyGiving = Static<typeof MyGivingContract>;

/** Where the signed-in member stands on an event's waitlist (GET /api/events/{id}/waitlist). */
export type MyWaitlistEntry = Static<typeof MyWaitlistEntryContract>;

/** One member on an event's waitlist, for staff (GET /api/admin/events/{id}/waitlist). */
export type StaffWaitlistEntry = Static<typeof StaffWaitlistEntryContract>;

/** How the site takes payments (GET /api/payment/status). */
export type PaymentStatus = Static<typeof PaymentStatusContract>;

/** What cancelling an event answers (POST /api/admin/events/{id}/cancel): the event, and where its refunds and e-mails stand. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface EventCancellation extends Static<typeof EventCancellationContract> {}
