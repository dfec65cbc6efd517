/**
 * Ticket count and checkout payload (spec sections 4, 5 and 9): a whole
 * number from 1 to the seats left. Shared by the pages and the API.
 */
import * as yup from 'yup';
import { EVENT_LIMITS, MAX_TICKETS_PER_BOOKING } from '../limits';
import { isOneLine } from './patterns';

export const ticketMessages = {
  number: 'Enter a number of tickets',
  whole: 'Tickets come in whole numbers',
  min: 'Choose at least 1 ticket',
  max: (left: number) => (left === 1 ? 'Only 1 seat is left' : `Only ${left} seats are left`),
  perBooking: `At most ${MAX_TICKETS_PER_BOOKING} tickets per booking`,
};

/** A ticket count from 1 to `seatsLeft` (when known), and never more than MAX_TICKETS_PER_BOOKING. */
export const ticketCountSchema = (seatsLeft?: number) => {
  const count = yup
    .number()
    .typeError(ticketMessages.number)
    .required(ticketMessages.number)
    .integer(ticketMessages.whole)
    .min(1, ticketMessages.min);
  return (seatsLeft === undefined ? count : count.max(seatsLeft, ticketMessages.max(seatsLeft))).test(
    'per-booking',
    ticketMessages.perBooking,
    (value) => value === undefined || value <= MAX_TICKETS_PER_BOOKING,
  );
};

/** The server's cap on the seats one member holds of an event at once (SEATS_PER_MEMBER). */
export const seatsPerMemberMessage = (seats: number) =>
  seats === 1 ? 'You can book 1 seat of an event at a time' : `You can book at most ${seats} seats of an event at a time`;

/** The first problem with a ticket count, or undefined when it is fine (`seatsPerMember`: the server's cap, when known). */
export function ticketCountError(value: unknown, seatsLeft: number, seatsPerMember?: number): string | undefined {
  try {
    ticketCountSchema(seatsLeft).validateSync(value === '' ? undefined : value);
    if (seatsPerMember !== undefined && typeof value === 'number' && value > seatsPerMember && seatsPerMember < seatsLeft) {
      return seatsPerMemberMessage(seatsPerMember);
    }
    return undefined;
  } catch (error) {
    return error instanceof yup.ValidationError ? error.message : ticketMessages.number;
  }
}

/** POST /api/payment/create-checkout-session: {items:[{quantity, price}], user, event}. */
export const checkoutSessionSchema = yup.object({
  items: yup
    .array(
      yup.object({
        quantity: ticketCountSchema(),
        // The event's price identifier as the page knows it; the server charges the event's own price.
        price: yup.mixed<string | number>().nullable(),
      }),
    )
    .required('Choose the tickets to buy')
    .min(1, 'Choose the tickets to buy')
    .max(1, 'Book one event at a time'),
  user: yup.string().required('Required').max(100),
  event: yup.string().required('Required').max(100),
});

// ---------------------------------------------------------------------------
// The staff's event form (POST/PUT /api/admin/events) and the donations
// page's filters (GET /api/admin/donations): the form and the API use these.

export const eventMessages = {
  title: 'Give the event a title',
  description: 'Describe the event',
  date: 'Choose the date',
  time: 'Choose the time',
  duration: 'Give the length in whole minutes (at most 14 days), or leave it empty',
  place: 'Choose a church or give an address',
  church: 'Choose the church',
  address: 'Give the address',
  photo: 'Add a photo',
  price: `Enter a price from $${EVENT_LIMITS.priceMin} to $${EVENT_LIMITS.priceMax.toLocaleString('en-US')}`,
  cents: 'Enter the price in dollars and cents',
  seats: `Enter a number of seats from 1 to ${EVENT_LIMITS.seatsMax.toLocaleString('en-US')}`,
  future: 'Choose a date and time still to come',
  oneLine: 'Use one line of ordinary characters',
  category: `Give the category in at most 40 characters, or leave it empty`,
  /** The server's answer when the seats asked for are fewer than those taken. */
  seatsTaken: (taken: number) =>
    `${taken === 1 ? '1 seat is' : `${taken} seats are`} already sold or held: the event needs at least ${taken}.`,
} as const;

/** The price field's message: a price, or 0 for a free event (its places are reserved, not bought). */
const priceOrFree = `${eventMessages.price}, or 0 for a free event`;

const eventLine = (message: string, max: number) =>
  yup
    .string()
    .trim()
    .required(message)
    .max(max, `Must be at most ${max} characters`)
    .test('one-line', eventMessages.oneLine, isOneLine);

/** An empty field is null (a number field left blank). */
const blankAsNull = (value: unknown, original: unknown) =>
  original === '' || original === null || original === undefined ? null : value;

function isDay(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

/** Site images: an uploaded photo or one of the site's own (never another site's address, nor a path out of /media). */
export const SITE_IMAGE = /^\/media\/(uploads\/)?[A-Za-z0-9][A-Za-z0-9_.-]{0,200}$/;

export const staffEventSchema = yup.object({
  title: eventLine(eventMessages.title, EVENT_LIMITS.titleMax),
  description: yup
    .string()
    .trim()
    .required(eventMessages.description)
    .max(EVENT_LIMITS.descriptionMax, `Must be at most ${EVENT_LIMITS.descriptionMax} characters`),
  date: yup
    .string()
    .required(eventMessages.date)
    .matches(/^\d{4}-\d{2}-\d{2}$/, eventMessages.date)
    .test('calendar', eventMessages.date, (v) => !v || isDay(v)),
  time: yup
    .string()
    .required(eventMessages.time)
    .matches(/^([01]\d|2[0-3]):[0-5]\d$/, eventMessages.time),
  durationMinutes: yup
    .number()
    .transform(blankAsNull)
    .nullable()
    .typeError(eventMessages.duration)
    .integer(eventMessages.duration)
    .min(1, eventMessages.duration)
    .max(EVENT_LIMITS.durationMax, eventMessages.duration)
    .default(null),
  place: yup
    .string()
    .required(eventMessages.place)
    .oneOf(['church', 'address'] as const, eventMessages.place),
  churchId: yup
    .string()
    .nullable()
    .default(null)
    .when('place', {
      is: 'church',
      then: (s) => s.required(eventMessages.church).max(100),
      otherwise: (s) => s.transform(() => null),
    }),
  address: yup
    .string()
    .nullable()
    .default(null)
    .when('place', {
      is: 'address',
      then: () => eventLine(eventMessages.address, EVENT_LIMITS.addressMax),
      otherwise: (s) => s.transform(() => null),
    }),
  photo: yup.string().required(eventMessages.photo).matches(SITE_IMAGE, eventMessages.photo),
  price: yup
    .number()
    .typeError(priceOrFree)
    .required(priceOrFree)
    // 0: a free event (places reserved, no payment); otherwise at least the lowest price a card payment takes.
    .test('free-or-priced', priceOrFree, (v) => v === undefined || v === 0 || v >= EVENT_LIMITS.priceMin)
    .max(EVENT_LIMITS.priceMax, priceOrFree)
    .test('cents', eventMessages.cents, (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6),
  seats: yup
    .number()
    .typeError(eventMessages.seats)
    .required(eventMessages.seats)
    .integer(eventMessages.seats)
    .min(1, eventMessages.seats)
    .max(EVENT_LIMITS.seatsMax, eventMessages.seats),
});

/**
 * An event's category, sent with the staff's event form (its own schema, so
 * the form's schema stays as it was): `staffEventSchema.concat(eventCategorySchema)`.
 */
export const eventCategorySchema = yup.object({
  category: yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s+/g, ' ') : null))
    .nullable()
    .max(EVENT_LIMITS.categoryMax, eventMessages.category)
    .test('one-line', eventMessages.oneLine, isOneLine)
    .default(null),
});

/** The donations page's filters: a type, a frequency, and a range of days (both included). */
export const donationFiltersSchema = yup
  .object({
    type: yup
      .string()
      .oneOf(['', 'offering', 'tithing', 'charitable', 'generous'] as const, 'Choose one of the giving types')
      .default(''),
    frequency: yup
      .string()
      .oneOf(['', 'once', 'weekly', 'monthly'] as const, 'Choose one-time, weekly or monthly')
      .default(''),
    from: yup
      .string()
      .default('')
      .test('day', 'Use a date like 2025-03-01', (v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isDay(v))),
    to: yup
      .string()
      .default('')
      .test('day', 'Use a date like 2025-03-31', (v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isDay(v))),
  })
  .test('range', 'The last day comes before the first', function (value) {
    return (
      !value?.from ||
      !value?.to ||
      value.from <= value.to ||
      this.createError({ path: 'to', message: 'The last day comes before the first' })
    );
  });
