/**
 * Ticket count and checkout payload (spec sections 4, 5 and 9): a whole
 * number from 1 to the seats left. Shared by the pages and the API.
 */
import * as yup from 'yup';

/** No single booking is larger than this, whatever the hall. */
export const MAX_TICKETS_PER_BOOKING = 1000;

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
