/** What the staff's pages are sent: events with their seats, attendees, the activity log. */
import { Type } from '@sinclair/typebox';
import { MyPostContract } from './community';
import type { Role } from './people';
import { BodyNumber, BodyOptionalText, BodyText, IntOrNull, ObjectOrNull, Str, StrOrNull, StringEnum } from './schema';

/**
 * How an event repeats (PUT /api/admin/events/{id}/recurrence), on the site's
 * clock: weekly on the chosen weekdays (0 Monday … 6 Sunday; none: the first
 * date's weekday) or monthly on the first date's day, every `interval` weeks
 * or months, until a date (inclusive) or for a number of occurrences, or
 * without end; the dates skipped are left out.
 */
export const RecurrenceRuleContract = Type.Object({
  freq: StringEnum(['weekly', 'monthly']),
  interval: Type.Integer(),
  weekdays: Type.Array(Type.Integer()),
  /** 'YYYY-MM-DD' (null: no end date). */
  until: StrOrNull(),
  /** How many occurrences in all (null: no count). */
  count: IntOrNull(),
  /** Dates ('YYYY-MM-DD') the series does not take place. */
  skipped: Type.Array(Type.String()),
});

/** An event as the staff's pages see it (GET /api/admin/events, /api/admin/events/{id}): what the form sets and how its seats stand. */
export const StaffEventContract = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  /** 'YYYY-MM-DD', in the site's time zone. */
  date: Type.String(),
  /** 'HH:mm', in the site's time zone. */
  time: Type.String(),
  /** How long it lasts, in minutes (null: not told). */
  durationMinutes: IntOrNull(),
  /** What kind of event it is ('Worship', 'Youth', …): the calendar filters by it (null or absent: none). */
  category: Type.Optional(StrOrNull()),
  place: StringEnum(['church', 'address']),
  churchId: StrOrNull(),
  address: StrOrNull(),
  photo: Type.String(),
  /** Dollars per seat. */
  price: Type.Number(),
  seats: Type.Integer(),
  /** The instant (ISO). */
  event_date: Type.String(),
  seatsSold: Type.Integer(),
  seatsHeld: Type.Integer(),
  cancelledAt: StrOrNull(),
  /** Paid bookings (not refunded). */
  paidBookings: Type.Integer(),
});

/** What a staff event tells of its series, when it is a repeating event or one of its dates. */
export const StaffEventSeriesContract = Type.Object({
  /** A series' rule: this event is the series (its template, never booked itself); null otherwise. */
  recurrence: Type.Optional(Type.Union([RecurrenceRuleContract, Type.Null()])),
  /** An occurrence's series (null: not an occurrence). */
  seriesId: Type.Optional(StrOrNull()),
  /** An occurrence's date in its series' rule ('YYYY-MM-DD'). */
  occurrenceOn: Type.Optional(StrOrNull()),
  /** An occurrence changed on its own ("this one"): changes to the series leave it alone. */
  overridden: Type.Optional(Type.Boolean()),
});

/** How a booking stands, as the attendees page and its CSV say it. */
export const ATTENDEE_PAYMENTS = ['paid', 'waiting', 'refund_due', 'refunded'] as const;

/** A booking on the attendees page. */
export const AttendeeContract = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  tickets: Type.Integer(),
  payment: StringEnum(ATTENDEE_PAYMENTS),
  /** Dollars: what the booking costs (paid or not). */
  amount: Type.Number(),
  /** When it was booked (ISO). */
  bookedAt: Type.String(),
  paidAt: StrOrNull(),
});

/** One ticket (one person) of a booking on the attendee list: its code and when it was checked in. */
export const AttendeeTicketContract = Type.Object({
  _id: Type.String(),
  /** 1 of the booking's `tickets`. */
  position: Type.Integer(),
  code: Type.String(),
  checkedInAt: StrOrNull(),
  /** The staff member who checked it in. */
  checkedInBy: StrOrNull(),
  /** The guest's address the member e-mailed it to. */
  forwardedTo: StrOrNull(),
});

/** A booking on the attendee list with its short reference and its tickets. */
export const AttendeeWithTicketsContract = Type.Object({
  ...AttendeeContract.properties,
  /** The short booking reference the member sees ('1A2B3C4D'). */
  reference: Type.String(),
  /** One per person while the booking is paid (or reserved); none otherwise. */
  passes: Type.Array(AttendeeTicketContract),
});

/** GET /api/admin/events/{id}/attendees: each booking with its tickets, the totals, and whether the event is free. */
export const AttendeeTicketListContract = Type.Object({
  event: Type.Pick(StaffEventContract, ['_id', 'title', 'event_date', 'seats', 'seatsSold', 'seatsHeld', 'cancelledAt']),
  attendees: Type.Array(AttendeeWithTicketsContract),
  /** A free event: its places are reserved, not paid. */
  free: Type.Boolean(),
  totals: Type.Object({
    bookings: Type.Integer(),
    ticketsPaid: Type.Integer(),
    ticketsWaiting: Type.Integer(),
    ticketsRefunded: Type.Integer(),
    amountPaid: Type.Number(),
    amountRefunded: Type.Number(),
  }),
});

/** Tickets (seats) of an event checked in at the door, and sold (GET /api/admin/events/{id}/check-in). */
export const CheckInCountsContract = Type.Object({
  checkedIn: Type.Integer(),
  sold: Type.Integer(),
});

/**
 * A scan at the door that found a valid ticket (POST /api/admin/events/{id}/check-in): checked in
 * now, or already before (when and by whom); which ticket of the booking, its code and reference.
 */
export const TicketCheckInResultContract = Type.Object({
  outcome: StringEnum(['checked_in', 'already']),
  ticket: Type.Object({
    name: Type.String(),
    quantity: Type.Integer(),
    checkedInAt: Type.String(),
    checkedInBy: StrOrNull(),
    position: Type.Integer(),
    code: Type.String(),
    reference: Type.String(),
  }),
  counts: CheckInCountsContract,
});

/** An event with what it tells of its series: what the staff's event pages are sent. */
export const StaffEventWithSeriesContract = Type.Object({
  ...StaffEventContract.properties,
  ...StaffEventSeriesContract.properties,
});

/** What cancelling an event answers (POST /api/admin/events/{id}/cancel): the event, and where its refunds and e-mails stand. */
export const EventCancellationContract = Type.Object({
  event: StaffEventWithSeriesContract,
  refunded: Type.Integer(),
  refundsPending: Type.Integer(),
  notified: Type.Integer(),
  /** false: refunds and e-mails go on after the answer (a large event); the attendees page shows them as they are made. */
  finished: Type.Boolean(),
});

/** A change made on a staff page (GET /api/admin/activity). */
export const ActivityItemContract = Type.Object({
  _id: Type.String(),
  at: Type.String(),
  /** Who made it; `_id` null once their account is gone (the name stays). */
  actor: Type.Object({ _id: StrOrNull(), name: Type.String() }),
  /** What was done: 'created', 'updated', 'published', 'deleted', 'cancelled', 'role changed', … */
  action: Type.String(),
  /** What it was done to: 'devotional', 'event', 'member', … */
  subjectType: Type.String(),
  subjectId: StrOrNull(),
  /** One line a person reads: 'Devotional "Walking in the light" published'. */
  summary: Type.String(),
});

export const ActivityPageContract = Type.Object({
  items: Type.Array(ActivityItemContract),
  /** Give it back as `before` for the next (older) page; null on the last. */
  next: StrOrNull(),
});

/** What the staff's first page shows (GET /api/admin/dashboard). */
export const StaffDashboardContract = Type.Object({
  moderation: Type.Object({
    prayers: Type.Integer(),
    stories: Type.Integer(),
    comments: Type.Integer(),
    reports: Type.Integer(),
  }),
  /** The next seven days in the site's time zone; a day without items is a gap. */
  devotionals: Type.Array(
    Type.Object({
      date: Type.String(),
      items: Type.Array(Type.Object({ _id: Type.String(), title: Type.String(), slug: Type.String() })),
    }),
  ),
  events: Type.Array(
    Type.Object({
      _id: Type.String(),
      title: Type.String(),
      event_date: Type.String(),
      numberOfSeats: Type.Integer(),
      seatsSold: Type.Integer(),
      seatsHeld: Type.Integer(),
    }),
  ),
});

/*
 * What the staff's editors send; the fields the form rules check
 * (`../validation`), each optional here (see `./schema`).
 */

/** An event (POST /api/admin/events, PUT …/{id}, …/{id}/split): the event form's rules and its category's. */
export const StaffEventBody = Type.Object({
  title: BodyText(),
  description: BodyText(),
  date: BodyText(),
  time: BodyText(),
  durationMinutes: BodyNumber(),
  category: BodyOptionalText(),
  place: BodyText(),
  churchId: BodyOptionalText(),
  address: BodyOptionalText(),
  photo: BodyText(),
  price: BodyNumber(),
  seats: BodyNumber(),
});

/** A devotional (POST /api/admin/devotionals, PUT …/{id}). */
export const DevotionalBody = Type.Object({
  title: BodyText(),
  slug: BodyOptionalText(),
  date: BodyText(),
  verses: BodyOptionalText(),
  tags: Type.Optional(Type.Array(Type.String(), { maxItems: 50 })),
  image: BodyText(),
  detail: BodyText(),
});

/** A news item or a press release (POST /api/admin/news, /api/admin/press, PUT …/{id}). */
export const ArticleBody = Type.Object({ title: BodyText(), description: BodyText(), photo: BodyText(), date: BodyText() });

/** How many posts of each kind a member wrote (in any state). */
export const PostCountsContract = Type.Object({ prayers: Type.Integer(), stories: Type.Integer(), comments: Type.Integer() });

/** Everything one member had waiting, rejected at once (POST /api/moderation/members/{userId}/reject-pending): how many of each kind. */
export const RejectedPendingContract = Type.Object({ rejected: PostCountsContract });

/** A member as the members page lists them (GET /api/admin/members). */
export const MemberSummaryContract = Type.Object({
  _id: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  role: Str<Role>(),
  /** When the account was made. */
  joined: Type.String(),
  /** When an admin disabled the account (it cannot sign in); null when active. */
  disabledAt: StrOrNull(),
  /** Whether the member confirmed their e-mail address. */
  emailConfirmed: Type.Boolean(),
  /** When a moderator stopped the member from posting; null when they may post. */
  postingStoppedAt: StrOrNull(),
  posts: PostCountsContract,
});

/** One page of the members found (GET /api/admin/members). */
export const MemberPageContract = Type.Object({
  items: Type.Array(MemberSummaryContract),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

/** One member in full (GET /api/admin/members/{id}): their church and their posts in every state, newest first. */
export const MemberDetailContract = Type.Object({
  ...MemberSummaryContract.properties,
  church: ObjectOrNull(Type.Object({ _id: Type.String(), name: Type.String() })),
  city: StrOrNull(),
  country: StrOrNull(),
  postList: Type.Array(MyPostContract),
});
