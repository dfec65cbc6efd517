import { MAX_TICKETS_PER_BOOKING, checkoutSessionSchema, ticketCountError } from './giving';

describe('ticket count (spec sections 4 and 9)', () => {
  it('takes a whole number from 1 to the seats left', () => {
    expect(ticketCountError(1, 5)).toBeUndefined();
    expect(ticketCountError(5, 5)).toBeUndefined();
    expect(ticketCountError(0, 5)).toBe('Choose at least 1 ticket');
    expect(ticketCountError(1.5, 5)).toBe('Tickets come in whole numbers');
    expect(ticketCountError('', 5)).toBe('Enter a number of tickets');
    expect(ticketCountError(6, 5)).toBe('Only 5 seats are left');
    expect(ticketCountError(2, 1)).toBe('Only 1 seat is left');
  });

  it('caps one booking with its own message, whatever the seats left', () => {
    expect(ticketCountError(MAX_TICKETS_PER_BOOKING, 5000)).toBeUndefined();
    expect(ticketCountError(MAX_TICKETS_PER_BOOKING + 1, 5000)).toBe(`At most ${MAX_TICKETS_PER_BOOKING} tickets per booking`);
    // Too few seats is the reason that matters when both hold.
    expect(ticketCountError(MAX_TICKETS_PER_BOOKING + 1, 3)).toBe('Only 3 seats are left');
  });

  it('the checkout payload refuses more than the cap with the cap’s message', () => {
    const payload = (quantity: number) => ({ items: [{ quantity, price: null }], user: 'u', event: 'e' });
    expect(checkoutSessionSchema.isValidSync(payload(MAX_TICKETS_PER_BOOKING))).toBe(true);
    expect(() => checkoutSessionSchema.validateSync(payload(MAX_TICKETS_PER_BOOKING + 1))).toThrow(
      `At most ${MAX_TICKETS_PER_BOOKING} tickets per booking`,
    );
  });
});
