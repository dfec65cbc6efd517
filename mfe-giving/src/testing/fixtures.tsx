import { useLocation } from 'react-router-dom';
import type { Booking, MinistryEvent, StaffEvent } from '@ministry/shared/types';

export const sampleEvent = (overrides: Partial<MinistryEvent> = {}): MinistryEvent => ({
  _id: '11111111-1111-4111-8111-111111111111',
  title: 'Night of Worship',
  description: 'An evening of praise led by the choir and band.',
  photo: '/media/event-2.svg',
  event_date: '2030-01-29T19:30:00.000Z',
  seat_price: 15,
  numberOfSeats: 180,
  seatsLeft: 3,
  price_Id: 'price_worship',
  place: {
    name: 'Luminaries Philadelphia',
    address: '310 Market Street, Philadelphia, PA 19106',
    churchId: 'church-philadelphia',
  },
  durationMinutes: 150,
  end_date: '2030-01-29T22:00:00.000Z',
  category: 'Worship',
  ...overrides,
});

export const sampleBooking = (overrides: Partial<Booking> = {}): Booking => ({
  _id: '22222222-2222-4222-8222-222222222222',
  event: {
    _id: sampleEvent()._id,
    title: 'Night of Worship',
    event_date: '2030-01-29T19:30:00.000Z',
    photo: '/media/event-2.svg',
  },
  quantity: 2,
  unitPrice: 15,
  amount: 30,
  status: 'paid',
  createdAt: '2029-12-01T10:00:00.000Z',
  expiresAt: '2029-12-01T10:15:00.000Z',
  paidAt: '2029-12-01T10:05:00.000Z',
  ...overrides,
});

/** A route element that shows where the router went, with its state. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.search}
    </div>
  );
}

export const sampleStaffEvent = (overrides: Partial<StaffEvent> = {}): StaffEvent => ({
  _id: '33333333-3333-4333-8333-333333333333',
  title: 'Harvest Thanksgiving',
  description: 'A morning of thanks, songs and a shared meal.',
  date: '2030-10-12',
  time: '10:30',
  event_date: '2030-10-12T14:30:00.000Z',
  durationMinutes: 180,
  place: 'address',
  churchId: null,
  address: '12 Orchard Lane, Dover, DE',
  photo: '/media/event-1.svg',
  price: 15,
  seats: 10,
  seatsSold: 3,
  seatsHeld: 2,
  cancelledAt: null,
  paidBookings: 2,
  recurrence: null,
  seriesId: null,
  occurrenceOn: null,
  overridden: false,
  ...overrides,
});
