import { MAX_TICKETS_PER_BOOKING } from '../limits';
import { checkoutSessionSchema, donationFiltersSchema, eventMessages, staffEventSchema, ticketCountError } from './giving';
import { fieldErrors } from './index';

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

describe('staff event form and donation filters', () => {
  const valid = {
    title: 'Harvest Thanksgiving',
    description: 'A morning of thanks.',
    date: '2031-10-12',
    time: '10:30',
    durationMinutes: '',
    place: 'church',
    churchId: 'church-1',
    address: 'dropped',
    photo: '/media/uploads/img-0a1b2c3d-0000-4000-8000-000000000000-1280x720.jpg',
    price: '12.50',
    seats: '40',
  };

  it('casts a valid form to what the API takes: the place chosen, the other one dropped, an empty length null', () => {
    expect(staffEventSchema.validateSync(valid)).toMatchObject({
      place: 'church',
      churchId: 'church-1',
      address: null,
      durationMinutes: null,
      price: 12.5,
      seats: 40,
    });
    expect(staffEventSchema.validateSync({ ...valid, place: 'address', address: ' 1 Main St ' })).toMatchObject({
      churchId: null,
      address: '1 Main St',
    });
  });

  it('says what is wrong, field by field', () => {
    const errors = (change: object) =>
      fieldErrors(catchError(() => staffEventSchema.validateSync({ ...valid, ...change }, { abortEarly: false })));
    expect(errors({ price: '0.5' }).price).toMatch(/from \$1 .*, or 0 for a free event/);
    expect(staffEventSchema.isValidSync({ ...valid, price: '0' })).toBe(true);
    expect(errors({ price: '1.005' }).price).toBe(eventMessages.cents);
    expect(errors({ seats: '0' }).seats).toBe(eventMessages.seats);
    expect(errors({ date: '2031-02-29' }).date).toBe(eventMessages.date);
    expect(errors({ time: '7pm' }).time).toBe(eventMessages.time);
    expect(errors({ photo: 'javascript:alert(1)' }).photo).toBe(eventMessages.photo);
    expect(errors({ place: 'church', churchId: '' }).churchId).toBe(eventMessages.church);
    expect(eventMessages.seatsTaken(1)).toBe('1 seat is already sold or held: the event needs at least 1.');
  });

  it('accepts a range of days in order, and refuses one that ends first', () => {
    expect(donationFiltersSchema.validateSync({ type: 'tithing', from: '2025-01-01', to: '2025-01-01' })).toMatchObject({
      type: 'tithing',
      frequency: '',
    });
    expect(fieldErrors(catchError(() => donationFiltersSchema.validateSync({ from: '2025-02-01', to: '2025-01-31' })))).toEqual({
      to: 'The last day comes before the first',
    });
    expect(fieldErrors(catchError(() => donationFiltersSchema.validateSync({ type: 'cash' })))).toHaveProperty('type');
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a validation error');
}
