import { screen, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { Route, Routes } from 'react-router-dom';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import type { AttendeeList, AttendeeTicketList, StaffEvent } from '@ministry/shared/types';
import { sampleStaffEvent } from '../../testing/fixtures';
import { AttendeesPage } from './AttendeesPage';
import { EventsAdminPage } from './EventsAdminPage';

const event = sampleStaffEvent();
const list: AttendeeList = {
  event: {
    _id: event._id,
    title: event.title,
    event_date: event.event_date,
    seats: 10,
    seatsSold: 3,
    seatsHeld: 2,
    cancelledAt: null,
  },
  attendees: [
    {
      _id: 'b1',
      name: 'Mary Member',
      email: 'mary@example.org',
      tickets: 2,
      payment: 'paid',
      amount: 30,
      bookedAt: '2030-09-01T14:00:00.000Z',
      paidAt: '2030-09-01T14:02:00.000Z',
    },
    {
      _id: 'b2',
      name: 'Abena Owusu',
      email: 'abena@example.org',
      tickets: 1,
      payment: 'paid',
      amount: 15,
      bookedAt: '2030-09-02T14:00:00.000Z',
      paidAt: '2030-09-02T14:02:00.000Z',
    },
    {
      _id: 'b3',
      name: 'Eddie Editor',
      email: 'eddie@example.org',
      tickets: 2,
      payment: 'waiting',
      amount: 30,
      bookedAt: '2030-09-03T14:00:00.000Z',
      paidAt: null,
    },
  ],
  totals: { bookings: 3, ticketsPaid: 3, ticketsWaiting: 2, ticketsRefunded: 0, amountPaid: 45, amountRefunded: 0 },
};
const staff = signedInState({ ...sampleUser, role: 'editor' });

describe('AttendeesPage', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('shows each booking’s short reference and each ticket’s code and check-in time; a free event’s bookings are reserved', async () => {
    const withTickets: AttendeeTicketList = {
      ...list,
      free: true,
      attendees: [
        {
          ...list.attendees[0]!,
          amount: 0,
          reference: 'B1B1B1B1',
          passes: [
            {
              _id: 't1',
              position: 1,
              code: 'AAAAA-BBBBB-CCCCC-DDDDD',
              checkedInAt: '2030-09-05T23:05:00.000Z',
              checkedInBy: 'Door Keeper',
              forwardedTo: null,
            },
            {
              _id: 't2',
              position: 2,
              code: 'EEEEE-FFFFF-GGGGG-HHHHH',
              checkedInAt: null,
              checkedInBy: null,
              forwardedTo: 'guest@example.org',
            },
          ],
        },
      ],
    };
    api.onGet(`/api/admin/events/${event._id}/attendees`).reply(200, { data: withTickets });
    renderWithProviders(
      <Routes>
        <Route path="/admin/events/:id/attendees" element={<AttendeesPage />} />
      </Routes>,
      { route: `/admin/events/${event._id}/attendees`, preloadedState: staff },
    );
    const table = await screen.findByRole('table', { name: 'Bookings of Harvest Thanksgiving' });
    expect(within(table).getByRole('columnheader', { name: 'Tickets at the door' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['Mary Member', 'mary@example.org', '2', 'Reserved', 'Free']);
    expect(cells[6]).toBe('B1B1B1B1');
    expect(cells[7]).toMatch(/^AAAAA-BBBBB-CCCCC-DDDDD · in at \d{2}:\d{2}EEEEE-FFFFF-GGGGG-HHHHH · not in yet$/);
    expect(screen.getByText('3 tickets reserved')).toBeInTheDocument();
    expect(screen.getByText('Places reserved').nextSibling).toHaveTextContent('3');
    expect(screen.queryByText('Paid in all')).not.toBeInTheDocument();
  });

  it('lists every booking with name, e-mail, tickets, payment and date, the totals, and the CSV download', async () => {
    api.onGet(`/api/admin/events/${event._id}/attendees`).reply(200, { data: list });
    renderWithProviders(
      <Routes>
        <Route path="/admin/events/:id/attendees" element={<AttendeesPage />} />
      </Routes>,
      { route: `/admin/events/${event._id}/attendees`, preloadedState: staff },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Attendees: Harvest Thanksgiving' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Bookings of Harvest Thanksgiving' });
    const rows = within(table).getAllByRole('row').slice(1, -1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(0, 5),
      ),
    ).toEqual([
      ['Mary Member', 'mary@example.org', '2', 'Paid', '$30'],
      ['Abena Owusu', 'abena@example.org', '1', 'Paid', '$15'],
      ['Eddie Editor', 'eddie@example.org', '2', 'Not paid yet', '$30'],
    ]);
    expect(within(rows[0]!).getByText(/\d{1,2} Sep 2030, \d{2}:\d{2}/)).toBeInTheDocument();
    expect(screen.getByText('Tickets paid').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Paid in all').nextSibling).toHaveTextContent('$45');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/admin/events/${event._id}/attendees.csv`,
    );
    expect(screen.getByRole('link', { name: 'Edit event' })).toHaveAttribute('href', `/admin/events/${event._id}`);
  });

  it('shows the waitlist in order, with the offers made and until when', async () => {
    api.onGet(`/api/admin/events/${event._id}/attendees`).reply(200, { data: list });
    api.onGet(`/api/admin/events/${event._id}/waitlist`).reply(200, {
      data: [
        {
          _id: 'w1',
          name: 'Olu Offered',
          email: 'olu@example.org',
          quantity: 1,
          status: 'offered',
          position: null,
          joinedAt: '2030-09-03T10:00:00.000Z',
          offerExpiresAt: '2030-09-06T10:00:00.000Z',
        },
        {
          _id: 'w2',
          name: 'Wanda Waiting',
          email: 'wanda@example.org',
          quantity: 2,
          status: 'waiting',
          position: 1,
          joinedAt: '2030-09-03T11:00:00.000Z',
          offerExpiresAt: null,
        },
      ],
    });
    renderWithProviders(
      <Routes>
        <Route path="/admin/events/:id/attendees" element={<AttendeesPage />} />
      </Routes>,
      { route: `/admin/events/${event._id}/attendees`, preloadedState: staff },
    );
    const table = await screen.findByRole('table', { name: 'Waitlist of Harvest Thanksgiving' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(0, 4),
      ),
    ).toEqual([
      ['–', 'Olu Offered', 'olu@example.org', '1'],
      ['1', 'Wanda Waiting', 'wanda@example.org', '2'],
    ]);
    expect(within(rows[0]!).getByText(/^Offered until/)).toBeInTheDocument();
    expect(screen.getByText(/1 member is waiting/)).toBeInTheDocument();
  });

  it('says when there is no booking yet, and when the event was cancelled', async () => {
    api.onGet(`/api/admin/events/${event._id}/attendees`).reply(200, {
      data: {
        ...list,
        event: { ...list.event, cancelledAt: '2030-09-05T10:00:00.000Z' },
        attendees: [],
        totals: { ...list.totals, bookings: 0, ticketsPaid: 0, ticketsWaiting: 0, amountPaid: 0 },
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/admin/events/:id/attendees" element={<AttendeesPage />} />
      </Routes>,
      { route: `/admin/events/${event._id}/attendees`, preloadedState: staff },
    );
    expect(await screen.findByText('No booking yet.')).toBeInTheDocument();
    expect(screen.getByText(/This event was cancelled on/)).toBeInTheDocument();
  });
});

describe('EventsAdminPage', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('lists the events to come and the past ones, with seats sold and held, and their state', async () => {
    const events: StaffEvent[] = [
      sampleStaffEvent({ _id: 'e1', title: 'Harvest Thanksgiving' }),
      sampleStaffEvent({ _id: 'e2', title: 'Full House', seats: 5, seatsSold: 4, seatsHeld: 1 }),
      sampleStaffEvent({ _id: 'e3', title: 'Called Off', cancelledAt: '2030-01-01T00:00:00.000Z', seatsSold: 0, seatsHeld: 0 }),
      sampleStaffEvent({ _id: 'e4', title: 'Last Easter', event_date: '2020-04-12T14:00:00.000Z' }),
    ];
    api.onGet('/api/admin/events').reply(200, { data: events });
    renderWithProviders(<EventsAdminPage />, { route: '/admin/events', preloadedState: staff });
    const coming = await screen.findByRole('table', { name: 'Coming events' });
    const rows = within(coming).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'Harvest Thanksgiving',
        expect.stringMatching(/^12 October 2030, /),
        '3 sold · 2 held of 10',
        '$15',
        'On sale',
        'Attendees',
      ],
      ['Full House', expect.any(String), '4 sold · 1 held of 5', '$15', 'Sold out', 'Attendees'],
      ['Called Off', expect.any(String), '0 sold of 10', '$15', 'Cancelled', 'Attendees'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Harvest Thanksgiving' })).toHaveAttribute('href', '/admin/events/e1');
    expect(within(rows[0]!).getByRole('link', { name: 'Attendees of Harvest Thanksgiving' })).toHaveAttribute(
      'href',
      '/admin/events/e1/attendees',
    );
    const past = screen.getByRole('table', { name: 'Past events' });
    expect(within(past).getByText('Last Easter')).toBeInTheDocument();
    expect(within(past).getByText('Took place')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New event' })).toHaveAttribute('href', '/admin/events/new');
  });
});
