import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Route, Routes } from 'react-router-dom';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import { LocationProbe, sampleBooking, sampleEvent } from '../../testing/fixtures';
import { EventDetailPage } from './EventDetailPage';

const event = sampleEvent({ seatsLeft: 3, seat_price: 15 });

function renderPage(id = event._id) {
  return renderWithProviders(
    <Routes>
      <Route path="/events/:id" element={<EventDetailPage />} />
      <Route path="/booking" element={<LocationProbe />} />
    </Routes>,
    { route: `/events/${id}` },
  );
}

describe('EventDetailPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    localStorage.clear();
  });
  afterEach(() => api.restore());

  it('shows the photo, title, date (DD MMMM YYYY), start and end time (hh:mm A), description, seats left and the read-only price', async () => {
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: event });
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Night of Worship' })).toBeInTheDocument();
    expect(container.querySelector('img[src="/media/event-2.svg"]')).not.toBeNull();
    expect(screen.getByText(/^\d{2} January 2030$/)).toBeInTheDocument();
    // 19:30 UTC in January is 02:30 PM in the site's time zone; 150 minutes later it ends.
    expect(screen.getByText(/^Time:/)).toHaveTextContent(/^Time: 02:30 PM – 05:00 PM$/);
    expect(screen.getByText(event.description)).toBeInTheDocument();
    expect(screen.getByText('3 seats left')).toBeInTheDocument();
    const price = screen.getByLabelText('Price per ticket');
    expect(price).toHaveValue('$15');
    expect(price).toHaveAttribute('readonly');
  });

  it('says where it happens, with a map link and the event as a calendar file', async () => {
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: event });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Night of Worship' });
    expect(screen.getByText(/^Where:/).closest('p')).toHaveTextContent(
      'Where: Luminaries Philadelphia, 310 Market Street, Philadelphia, PA 19106',
    );
    // The church's own card, not the whole list.
    expect(screen.getByRole('link', { name: 'Luminaries Philadelphia' })).toHaveAttribute(
      'href',
      '/community?tab=location#church-church-philadelphia',
    );
    expect(screen.getByRole('link', { name: /Open in a map/ })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('310 Market Street')),
    );
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAttribute('href', `/api/events/${event._id}/calendar.ics`);
    expect(calendar).toHaveAttribute('download');
  });

  it('an event at a venue shows its address; one without a place still offers the calendar', async () => {
    const atVenue = sampleEvent({
      _id: '22222222-2222-4222-8222-222222222222',
      place: { name: null, address: 'Camp Pecometh, Centreville, MD', churchId: null },
    });
    api.onGet(`/api/events/search/${atVenue._id}`).reply(200, { data: atVenue });
    const { unmount } = renderPage(atVenue._id);
    expect((await screen.findByText(/^Where:/)).closest('p')).toHaveTextContent('Where: Camp Pecometh, Centreville, MD');
    unmount();
    const nowhere = sampleEvent({ _id: '33333333-3333-4333-8333-333333333333', place: null });
    api.onGet(`/api/events/search/${nowhere._id}`).reply(200, { data: nowhere });
    renderPage(nowhere._id);
    expect(await screen.findByRole('link', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(screen.queryByText(/^Where:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open in a map/ })).not.toBeInTheDocument();
  });

  it('says TEST MODE where no money moves, and caps the count at the seats one member may hold', async () => {
    const roomy = sampleEvent({ seatsLeft: 40, seat_price: 15 });
    api.onGet(`/api/events/search/${roomy._id}`).reply(200, { data: roomy });
    api.onGet('/api/payment/status').reply(200, { data: { provider: 'local', testMode: true, seatsPerMember: 10 } });
    renderPage(roomy._id);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'TEST MODE: payments on this site are tests and no money is taken.',
    );
    const count = screen.getByLabelText('Number of tickets');
    expect(count).toHaveAttribute('max', '10');
    await userEvent.clear(count);
    await userEvent.type(count, '11');
    expect(screen.getByText('You can book at most 10 seats of an event at a time')).toBeInTheDocument();
  });

  it('says plainly when online payment is not set up', async () => {
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: event });
    api.onGet('/api/payment/status').reply(200, { data: { provider: 'none', testMode: false, seatsPerMember: 10 } });
    renderPage();
    expect(await screen.findByRole('note')).toHaveTextContent(
      /Online payment is not set up yet\. To book seats, please write to \S+@\S+\./,
    );
  });

  it('the ticket count starts at 1, is numeric, and stays between 1 and the seats left', async () => {
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: event });
    renderPage();
    const count = await screen.findByLabelText('Number of tickets');
    expect(count).toHaveValue(1);
    expect(count).toHaveAttribute('type', 'number');
    expect(count).toHaveAttribute('min', '1');
    expect(count).toHaveAttribute('max', '3');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$15');

    await userEvent.clear(count);
    await userEvent.type(count, '4');
    expect(screen.getByText('Only 3 seats are left')).toBeInTheDocument();
    expect(count).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(localStorage.getItem('event')).toBeNull();

    await userEvent.clear(count);
    await userEvent.type(count, '0');
    expect(screen.getByText('Choose at least 1 ticket')).toBeInTheDocument();
    await userEvent.clear(count);
    expect(screen.getByText('Enter a number of tickets')).toBeInTheDocument();
    await userEvent.type(count, 'x-');
    expect(count).toHaveValue(null);

    await userEvent.type(count, '3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(count).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$45');
  });

  it('Buy keeps the event under the `event` key with the count, and goes to /booking', async () => {
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: event });
    renderPage();
    const count = await screen.findByLabelText('Number of tickets');
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent('/booking');
    expect(localStorage.getItem('event')).toBe(event._id);
    expect(JSON.parse(localStorage.getItem('bookingQuantity') ?? 'null')).toEqual({ eventId: event._id, quantity: 2 });
  });

  it('back from /booking to change it, the count starts from the one chosen', async () => {
    localStorage.setItem('bookingQuantity', JSON.stringify({ eventId: event._id, quantity: 2 }));
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: event });
    renderPage();
    expect(await screen.findByLabelText('Number of tickets')).toHaveValue(2);
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$30');
  });

  it('an event ending on another day shows when it ends', async () => {
    api
      .onGet(`/api/events/search/${event._id}`)
      .reply(200, { data: { ...event, durationMinutes: 3 * 24 * 60, end_date: '2030-02-01T19:30:00.000Z' } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Night of Worship' });
    expect(screen.getByText(/^Time:/)).toHaveTextContent(/^Time: 02:30 PM$/);
    expect(screen.getByText(/^Ends:/)).toHaveTextContent('Ends: 01 February 2030, 02:30 PM');
  });

  it('a sold-out event says so once and cannot be bought', async () => {
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: { ...event, seatsLeft: 0 } });
    renderPage();
    expect(await screen.findAllByText('Sold out')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Sold out');
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Number of tickets')).not.toBeInTheDocument();
  });

  it('a cancelled event says so and sells nothing', async () => {
    api
      .onGet(`/api/events/search/${event._id}`)
      .reply(200, { data: { ...event, seatsLeft: 0, cancelledAt: '2030-01-10T10:00:00.000Z' } });
    renderPage();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This event is cancelled. Ticket holders have been e-mailed and refunded.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('This event is cancelled');
    expect(screen.getByText(/This event will not take place/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
  });

  it('an uploaded photo comes with its narrower widths (srcset)', async () => {
    const photo = '/media/uploads/img-0a1b2c3d-0000-4000-8000-000000000000-1280x720.jpg';
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: { ...event, photo } });
    const { container } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Night of Worship' });
    expect(container.querySelector('picture source[type="image/webp"]')?.getAttribute('srcset')).toMatch(
      /-320\.webp 320w, .*-1280\.webp 1280w$/,
    );
    expect(container.querySelector(`picture img[src="${photo}"]`)?.getAttribute('srcset')).toMatch(/-640\.jpg 640w/);
  });

  it('a free event shows Reserve instead of a price: places reserved at once, no payment step', async () => {
    const free = sampleEvent({ seatsLeft: 12, seat_price: 0 });
    api.onGet(`/api/events/search/${free._id}`).reply(200, { data: free });
    api.onGet('/api/payment/status').reply(200, { data: { provider: 'local', testMode: true, seatsPerMember: 10 } });
    api.onGet(`/api/events/${free._id}/waitlist`).reply(200, {
      data: { status: 'none', quantity: 0, position: null, bookingId: null, offerExpiresAt: null },
    });
    api.onPost('/api/payment/reserve').reply(200, { data: { ...sampleBooking(), quantity: 3, unitPrice: 0, amount: 0 } });
    renderWithProviders(
      <Routes>
        <Route path="/events/:id" element={<EventDetailPage />} />
      </Routes>,
      { route: `/events/${free._id}`, preloadedState: signedInState() },
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Free event' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Price per ticket')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
    const places = screen.getByLabelText('Places (you and your guests)');
    await userEvent.clear(places);
    await userEvent.type(places, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(await screen.findByText('Reserved: 3 places.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my tickets' })).toHaveAttribute('href', '/my-tickets');
    expect(JSON.parse(api.history.post[0]!.data as string)).toEqual({ event: free._id, quantity: 3 });
  });

  it('a visitor is asked to log in to reserve a free event; a full one says its places are all reserved', async () => {
    const free = sampleEvent({ seatsLeft: 5, seat_price: 0 });
    api.onGet(`/api/events/search/${free._id}`).reply(200, { data: free });
    const { unmount } = renderPage(free._id);
    expect(await screen.findByRole('link', { name: 'Log in to reserve' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/events/${free._id}`)}`,
    );
    unmount();
    api.onGet(`/api/events/search/${free._id}`).reply(200, { data: { ...free, seatsLeft: 0 } });
    renderPage(free._id);
    expect(
      await screen.findByText(/places are reserved\. Places that come free go to the people on the waitlist/),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Sold out')).toHaveLength(1);
  });

  it('an unknown event is a not-found page; a failure offers a retry', async () => {
    api
      .onGet(`/api/events/search/${event._id}`)
      .replyOnce(404, { error: { code: 'not_found', message: 'That event was not found.' } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
  });

  it('retries after a server error', async () => {
    api
      .onGet(`/api/events/search/${event._id}`)
      .replyOnce(500)
      .onGet(`/api/events/search/${event._id}`)
      .reply(200, { data: event });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Night of Worship' })).toBeInTheDocument();
  });
});
