import { act, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { Route, Routes } from 'react-router-dom';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import { sampleBooking } from '../../testing/fixtures';
import { CheckoutCancelledPage, CheckoutSuccessPage } from './CheckoutResultPages';

const booking = sampleBooking();

function renderAt(url: string, signedIn = true) {
  return renderWithProviders(
    <Routes>
      <Route path="/booking/success" element={<CheckoutSuccessPage />} />
      <Route path="/booking/cancelled" element={<CheckoutCancelledPage />} />
    </Routes>,
    { route: url, preloadedState: signedIn ? signedInState() : undefined },
  );
}

describe('checkout result pages', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    localStorage.setItem('event', booking.event._id);
  });
  afterEach(() => api.restore());

  it('success: shows the confirmed tickets, leads to My tickets and forgets the stored event', async () => {
    api.onPost(`/api/payment/bookings/${booking._id}/sync`).reply(200, { data: booking });
    renderAt(`/booking/success?booking=${booking._id}`);
    expect(await screen.findByRole('heading', { name: 'Your tickets are confirmed' })).toBeInTheDocument();
    expect(screen.getByText('2 × $15')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My tickets' })).toHaveAttribute('href', '/my-tickets');
    await waitFor(() => expect(localStorage.getItem('event')).toBeNull());
  });

  it('success: waits for the payment to be confirmed', async () => {
    jest.useFakeTimers();
    try {
      api
        .onPost(`/api/payment/bookings/${booking._id}/sync`)
        .replyOnce(200, { data: { ...booking, status: 'pending', paidAt: null } })
        .onPost(`/api/payment/bookings/${booking._id}/sync`)
        .reply(200, { data: booking });
      renderAt(`/booking/success?booking=${booking._id}`);
      expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(2100));
      expect(await screen.findByRole('heading', { name: 'Your tickets are confirmed' })).toBeInTheDocument();
      // Each look asks the server to check with the payment provider: a POST, never a state-changing GET.
      expect(api.history.post.filter((r) => r.url?.endsWith('/sync'))).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('success: a payment that came after the seats were gone says it was refunded', async () => {
    api.onPost(`/api/payment/bookings/${booking._id}/sync`).reply(200, { data: { ...booking, status: 'refunded' } });
    renderAt(`/booking/success?booking=${booking._id}`);
    expect(await screen.findByRole('heading', { name: 'Your payment arrived too late' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your payment has been refunded in full');
  });

  it('success asks a signed-out visitor to log in and come back', () => {
    renderAt(`/booking/success?booking=${booking._id}`, false);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/booking/success?booking=${booking._id}`)}`,
    );
  });

  it('cancelled: gives the held seats back and offers to try again', async () => {
    api
      .onPost(`/api/payment/bookings/${booking._id}/cancel`)
      .reply(200, { data: { ...booking, status: 'cancelled', paidAt: null } });
    renderAt(`/booking/cancelled?booking=${booking._id}`);
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    expect(api.history.post).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/booking');
    expect(localStorage.getItem('event')).toBe(booking.event._id);
  });

  it('an unknown booking says so, without thanking for it', async () => {
    api
      .onPost(`/api/payment/bookings/${booking._id}/sync`)
      .reply(404, { error: { code: 'not_found', message: 'That booking was not found.' } });
    renderAt(`/booking/success?booking=${booking._id}`);
    expect(await screen.findByRole('heading', { name: 'We could not find this booking' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Booking not found');
    expect(screen.queryByText(/Thank you for booking/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Here is your booking/)).not.toBeInTheDocument();
  });

  it('a success link without a booking says so, without thanking for it', async () => {
    renderAt('/booking/success');
    expect(await screen.findByRole('heading', { name: 'We could not find this booking' })).toBeInTheDocument();
    expect(screen.queryByText(/Thank you for booking/)).not.toBeInTheDocument();
    expect(api.history.post).toHaveLength(0);
  });
});
