import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Route, Routes } from 'react-router-dom';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import { sampleEvent } from '../../testing/fixtures';
import { EventDetailPage } from './EventDetailPage';

const event = sampleEvent({ seatsLeft: 0, seat_price: 15 });
const none = { status: 'none', quantity: 0, position: null, bookingId: null, offerExpiresAt: null };

function renderPage(signedIn = true) {
  return renderWithProviders(
    <Routes>
      <Route path="/events/:id" element={<EventDetailPage />} />
    </Routes>,
    { route: `/events/${event._id}`, ...(signedIn ? { preloadedState: signedInState() } : {}) },
  );
}

describe('the waitlist of a sold-out event', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: event });
  });
  afterEach(() => api.restore());

  it('a member joins it, sees their place, and leaves it', async () => {
    api.onGet(`/api/events/${event._id}/waitlist`).reply(200, { data: none });
    api.onPost(`/api/events/${event._id}/waitlist`).reply((config) => {
      expect(JSON.parse(config.data as string)).toEqual({ quantity: 2 });
      return [200, { data: { status: 'waiting', quantity: 2, position: 3, bookingId: null, offerExpiresAt: null } }];
    });
    api.onDelete(`/api/events/${event._id}/waitlist`).reply(200, { data: none });
    renderPage();
    const seats = await screen.findByLabelText('Seats wanted');
    await userEvent.clear(seats);
    await userEvent.type(seats, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText(/number 3/)).toBeInTheDocument();
    expect(screen.getByText(/on the waitlist for 2 seats/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
  });

  it('a member offered seats gets the link to pay for them', async () => {
    api.onGet(`/api/events/${event._id}/waitlist`).reply(200, {
      data: { status: 'offered', quantity: 1, position: null, bookingId: 'b-1', offerExpiresAt: '2030-01-02T10:00:00.000Z' },
    });
    renderPage();
    expect(await screen.findByText('1 seat came free for you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay for your seats' }).getAttribute('href')).toMatch(/\/pay\/checkout\/b-1$/);
  });

  it('a visitor is asked to log in first', async () => {
    renderPage(false);
    expect(await screen.findByRole('link', { name: 'Log in to join the waitlist' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/events/${event._id}`)}`,
    );
  });
});
