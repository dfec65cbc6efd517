import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Route, Routes } from 'react-router-dom';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { configureApi } from '@ministry/shared/api';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { LocationProbe, sampleEvent } from '../../testing/fixtures';
import { leavePageFor } from '../checkout/leavePage';
import { BookingPage } from './BookingPage';

jest.mock('../checkout/leavePage', () => ({ leavePageFor: jest.fn() }));

const event = sampleEvent({ seatsLeft: 3, seat_price: 15, price_Id: 'price_worship' });
const checkoutUrl = 'http://localhost/pay/checkout/33333333-3333-4333-8333-333333333333';

function renderBooking(options: { signedIn?: boolean; state?: unknown } = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/booking" element={<BookingPage />} />
      <Route path="/login" element={<LocationProbe />} />
    </Routes>,
    {
      route: { pathname: '/booking', state: options.state },
      preloadedState: options.signedIn ? signedInState() : undefined,
    },
  );
}

describe('BookingPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    localStorage.clear();
    sessionStorage.clear();
    jest.mocked(leavePageFor).mockClear();
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: event });
  });
  afterEach(() => api.restore());

  it("shows 'Book now!' and asks to choose an event when none is stored", async () => {
    renderBooking({ signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Book now!' })).toBeInTheDocument();
    expect(screen.getByText(/Choose an event first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the events' })).toHaveAttribute('href', '/events');
  });

  const choose = (quantity: number) => {
    localStorage.setItem('event', event._id);
    localStorage.setItem('bookingQuantity', JSON.stringify({ eventId: event._id, quantity }));
  };

  it('shows the number of tickets chosen on the event page, with a way back to change it', async () => {
    choose(2);
    renderBooking({ signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Night of Worship' })).toBeInTheDocument();
    expect(screen.getByText('2 tickets')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change' })).toHaveAttribute('href', `/events/${event._id}`);
    expect(screen.getByRole('button', { name: 'Pay $30' })).toBeInTheDocument();
    // Chosen once: no second chooser here.
    expect(screen.queryByRole('button', { name: /one ticket/i })).not.toBeInTheDocument();
  });

  it('reopened, the page still shows the number chosen', async () => {
    choose(2);
    const first = renderBooking({ signedIn: true });
    expect(await screen.findByRole('button', { name: 'Pay $30' })).toBeInTheDocument();
    first.unmount();
    renderBooking({ signedIn: true });
    expect(await screen.findByRole('button', { name: 'Pay $30' })).toBeInTheDocument();
    expect(screen.getByText('2 tickets')).toBeInTheDocument();
  });

  it('never books more than the seats left, and says so', async () => {
    choose(9);
    renderBooking({ signedIn: true });
    expect(await screen.findByRole('button', { name: 'Pay $45' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Only 3 tickets can be booked now, not the 9 you chose');
  });

  it('sends a signed-out visitor to /login, to come back to /booking (state.from and ?next=)', async () => {
    choose(2);
    renderBooking({ signedIn: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $30' }));
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent('/login?next=%2Fbooking');
    expect(JSON.parse(probe.dataset.state ?? 'null')).toEqual({ from: '/booking' });
    expect(api.history.post).toHaveLength(0);
    expect(leavePageFor).not.toHaveBeenCalled();
    // The chosen count waits for the member's return.
    expect(JSON.parse(localStorage.getItem('bookingQuantity') ?? 'null')).toEqual({ eventId: event._id, quantity: 2 });
  });

  it('a member pays: the spec payload is sent and the browser goes to the checkout address', async () => {
    choose(2);
    api.onPost('/api/payment/create-checkout-session').reply(200, { data: checkoutUrl });
    renderBooking({ signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $30' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith(checkoutUrl));
    expect(JSON.parse(api.history.post[0].data)).toEqual({
      items: [{ quantity: 2, price: 'price_worship' }],
      user: sampleUser._id,
      event: event._id,
    });
  });

  it('resolves a checkout path of the API against the API address', async () => {
    localStorage.setItem('event', event._id);
    api.onPost('/api/payment/create-checkout-session').reply(200, { data: '/pay/checkout/33333333-3333-4333-8333-333333333333' });
    configureApi('https://api.example.org/');
    try {
      renderBooking({ signedIn: true });
      await userEvent.click(await screen.findByRole('button', { name: 'Pay $15' }));
      await waitFor(() =>
        expect(leavePageFor).toHaveBeenCalledWith('https://api.example.org/pay/checkout/33333333-3333-4333-8333-333333333333'),
      );
    } finally {
      configureApi('');
    }
  });

  it('says so when the seats went meanwhile, and shows the seats left now', async () => {
    choose(2);
    api
      .onPost('/api/payment/create-checkout-session')
      .reply(409, { error: { code: 'conflict', message: 'Only 1 seat is left.' } });
    renderBooking({ signedIn: true });
    await screen.findByRole('button', { name: 'Pay $30' });
    api.onGet(`/api/events/search/${event._id}`).reply(200, { data: { ...event, seatsLeft: 1 } });
    await userEvent.click(screen.getByRole('button', { name: 'Pay $30' }));
    expect(await screen.findByText('Only 1 seat is left.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $15' })).toBeInTheDocument();
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it('a session that ended on the server goes to /login as well', async () => {
    localStorage.setItem('event', event._id);
    api
      .onPost('/api/payment/create-checkout-session')
      .reply(401, { error: { code: 'unauthorized', message: 'Please log in first.' } });
    renderBooking({ signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $15' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?next=%2Fbooking');
  });

  it('a member whose address is not confirmed yet is told so, and stays on the page', async () => {
    localStorage.setItem('event', event._id);
    const message = 'Please confirm your e-mail address first: open the link we sent you (your profile can send it again).';
    api.onPost('/api/payment/create-checkout-session').reply(403, { error: { code: 'email_not_verified', message } });
    renderBooking({ signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $15' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Book now!' })).toBeInTheDocument();
    expect(leavePageFor).not.toHaveBeenCalled();
  });
});
