import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import type { MyTicket } from '@ministry/shared/types';
import { sampleBooking } from '../../testing/fixtures';
import { MyTicketsPage } from './MyTicketsPage';

const ticket = (overrides: Partial<MyTicket> = {}, event: Partial<MyTicket['event']> = {}): MyTicket => {
  const booking = sampleBooking();
  return {
    ...booking,
    refundedAt: null,
    ticketCode: null,
    qrSvg: null,
    cancelUntil: null,
    cancelledByMember: false,
    checkedInAt: null,
    ...overrides,
    event: { ...booking.event, cancelledAt: null, place: null, ...event },
  };
};

describe('MyTicketsPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/calendar/feed').reply(200, { data: { url: null } });
  });
  afterEach(() => api.restore());

  it('lists the member’s tickets with their event, date, count, amount and state, a cancelled event’s refund shown', async () => {
    api.onGet('/api/payment/my-bookings').reply(200, {
      data: [
        ticket({ _id: 'aaaaaaaa-0000-4000-8000-000000000001' }),
        ticket(
          {
            _id: 'bbbbbbbb-0000-4000-8000-000000000002',
            status: 'refunded',
            refundedAt: '2030-01-20T10:00:00.000Z',
            quantity: 2,
            amount: 30,
          },
          {
            _id: 'e2',
            title: 'Cancelled Concert',
            cancelledAt: '2030-01-20T09:00:00.000Z',
            photo: '/media/uploads/img-0a1b2c3d-0000-4000-8000-000000000000-1280x720.jpg',
          },
        ),
        ticket(
          { _id: 'cccccccc-0000-4000-8000-000000000003', status: 'refund_due' },
          { _id: 'e3', title: 'Second Chance', cancelledAt: '2030-01-21T09:00:00.000Z' },
        ),
      ],
    });
    renderWithProviders(<MyTicketsPage />, { route: '/my-tickets', preloadedState: signedInState() });
    expect(screen.getByRole('heading', { level: 1, name: 'My tickets' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('link', { name: 'Night of Worship' })).toHaveAttribute(
      'href',
      '/events/11111111-1111-4111-8111-111111111111',
    );
    expect(items[0]).toHaveTextContent(/29 January 2030 at \d{2}:\d{2} (AM|PM)/);
    expect(items[0]).toHaveTextContent('2 tickets · $30 · reference AAAAAAAA');
    expect(within(items[0]!).getByText('Paid')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Event cancelled')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Refunded')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('The event was cancelled. $30 refunded on 20 January 2030');
    expect(items[1]!.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toMatch(/-320\.webp 320w/);
    expect(within(items[2]!).getByText('Refund on its way')).toBeInTheDocument();
  });

  it('says so when the member has no ticket yet', async () => {
    api.onGet('/api/payment/my-bookings').reply(200, { data: [] });
    renderWithProviders(<MyTicketsPage />, { route: '/my-tickets', preloadedState: signedInState() });
    expect(await screen.findByText(/You have no tickets yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the coming events' })).toHaveAttribute('href', '/events');
  });

  it('shows a paid ticket’s QR code, code, place and calendar link, and cancels it with a refund after asking', async () => {
    const id = 'dddddddd-0000-4000-8000-000000000004';
    const paid = ticket(
      {
        _id: id,
        ticketCode: 'ABCDE-FGHJK-MNPQR-STVWX',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10H0z"/></svg>',
        cancelUntil: '2030-01-27T19:30:00.000Z',
      },
      { place: 'Grace Chapel, 12 Hill Road' },
    );
    const refunded = ticket({ _id: id, status: 'refunded', refundedAt: '2029-12-10T10:00:00.000Z', cancelledByMember: true });
    api
      .onGet('/api/payment/my-bookings')
      .replyOnce(200, { data: [paid] })
      .onGet('/api/payment/my-bookings')
      .reply(200, { data: [refunded] });
    api.onPost(`/api/payment/my-bookings/${id}/cancel`).replyOnce(200, { data: { ...paid, status: 'refunded' } });
    renderWithProviders(<MyTicketsPage />, { route: '/my-tickets', preloadedState: signedInState() });

    const qr = await screen.findByRole('img', { name: 'QR code of the ticket ABCDE-FGHJK-MNPQR-STVWX' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByLabelText('Ticket code')).toHaveTextContent('ABCDE-FGHJK-MNPQR-STVWX');
    expect(screen.getByText('Grace Chapel, 12 Hill Road')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/events/${paid.event._id}/calendar.ics`,
    );
    expect(screen.getByText(/You can cancel until 27 January 2030 at/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('your payment of $30 refunded in full');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Refunded')).toBeInTheDocument();
    expect(screen.getByText(/You cancelled this booking\. \$30 refunded on 10 December 2029/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(api.history.post).toHaveLength(1);
  });

  it('a free reservation of 2 places shows one QR code per person, sends one to a guest, and is cancelled without a refund', async () => {
    const id = 'ffffffff-0000-4000-8000-000000000006';
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10H0z"/></svg>';
    const pass = (position: number, code: string) => ({
      _id: `${position}aaaaaaa-0000-4000-8000-00000000000${position}`,
      position,
      code,
      qrSvg: svg,
      checkedInAt: null,
      forwardedTo: null,
    });
    const reserved = {
      ...ticket(
        { _id: id, quantity: 2, unitPrice: 0, amount: 0, ticketCode: 'AAAAA-BBBBB-CCCCC-DDDDD', qrSvg: svg },
        { title: 'Free Picnic' },
      ),
      cancelUntil: '2030-01-29T19:30:00.000Z',
      free: true,
      reference: 'FFFFFFFF',
      tickets: [pass(1, 'AAAAA-BBBBB-CCCCC-DDDDD'), pass(2, 'EEEEE-FFFFF-GGGGG-HHHHH')],
    };
    const cancelled = {
      ...reserved,
      status: 'cancelled',
      ticketCode: null,
      qrSvg: null,
      cancelUntil: null,
      cancelledByMember: true,
      tickets: [],
    };
    api
      .onGet('/api/payment/my-bookings')
      .replyOnce(200, { data: [reserved] })
      .onGet('/api/payment/my-bookings')
      .reply(200, { data: [cancelled] });
    api
      .onPost(`/api/payment/tickets/${reserved.tickets[1]!._id}/forward`)
      .reply(200, { data: { ...reserved.tickets[1], forwardedTo: 'guest@example.org' } });
    api.onPost(`/api/payment/my-bookings/${id}/cancel`).reply(200, { data: { ...reserved, status: 'cancelled' } });
    renderWithProviders(<MyTicketsPage />, { route: '/my-tickets', preloadedState: signedInState() });

    const second = within(await screen.findByRole('listitem', { name: 'Ticket 2 of 2' }));
    expect(screen.getByRole('listitem', { name: 'Ticket 1 of 2' })).toHaveTextContent('AAAAA-BBBBB-CCCCC-DDDDD');
    expect(second.getByRole('img', { name: 'QR code of the ticket EEEEE-FFFFF-GGGGG-HHHHH' })).toBeInTheDocument();
    expect(screen.getByText('Reserved · free')).toBeInTheDocument();
    expect(screen.getByText(/2 places · Free · reference FFFFFFFF/)).toBeInTheDocument();
    expect(screen.getByText(/You can cancel until the event begins/)).toBeInTheDocument();

    await userEvent.click(second.getByRole('button', { name: 'Send to a guest' }));
    await userEvent.click(second.getByRole('button', { name: 'Send' }));
    expect(second.getByRole('alert')).toHaveTextContent('Enter the guest’s e-mail address');
    await userEvent.type(second.getByLabelText('Guest’s e-mail address'), 'guest@example.org');
    await userEvent.click(second.getByRole('button', { name: 'Send' }));
    expect(await second.findByText('Sent to guest@example.org.')).toBeInTheDocument();
    expect(JSON.parse(api.history.post[0]!.data as string)).toEqual({ email: 'guest@example.org' });

    await userEvent.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Your 2 places for');
    expect(dialog).not.toHaveTextContent(/refund/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel reservation' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText('You cancelled this reservation; the places went back.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('says why a cancellation is refused', async () => {
    const id = 'eeeeeeee-0000-4000-8000-000000000005';
    const paid = ticket({
      _id: id,
      ticketCode: 'ABCDE-FGHJK-MNPQR-STVWX',
      qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      cancelUntil: '2030-01-27T19:30:00.000Z',
    });
    api.onGet('/api/payment/my-bookings').reply(200, { data: [paid] });
    api.onPost(`/api/payment/my-bookings/${id}/cancel`).reply(409, {
      error: { code: 'too_late_to_cancel', message: 'Bookings can be cancelled until 48 hours before the event.' },
    });
    renderWithProviders(<MyTicketsPage />, { route: '/my-tickets', preloadedState: signedInState() });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bookings can be cancelled until 48 hours before the event.');
  });

  it('gives the member a private calendar address of their tickets, a new one on request, or none', async () => {
    const first = 'http://localhost/calendar/tickets/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
    const second = 'http://localhost/calendar/tickets/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';
    api.onGet('/api/payment/my-bookings').reply(200, { data: [] });
    api
      .onPost('/api/calendar/feed')
      .replyOnce(200, { data: { url: first } })
      .onPost('/api/calendar/feed')
      .replyOnce(200, { data: { url: second } });
    api.onDelete('/api/calendar/feed').reply(200, { data: { url: null } });
    renderWithProviders(<MyTicketsPage />, { route: '/my-tickets', preloadedState: signedInState() });
    const feed = within(await screen.findByRole('region', { name: 'Your tickets in your calendar' }));
    await userEvent.click(await feed.findByRole('button', { name: 'Get my calendar address' }));
    expect(await feed.findByLabelText('Calendar address')).toHaveValue(first);
    expect(feed.getByRole('link', { name: 'Subscribe to your tickets in your calendar app' })).toHaveAttribute(
      'href',
      first.replace('http:', 'webcal:'),
    );
    await userEvent.click(feed.getByRole('button', { name: 'Make a new address' }));
    expect(await feed.findByDisplayValue(second)).toBeInTheDocument();
    await userEvent.click(feed.getByRole('button', { name: 'Turn the address off' }));
    expect(await feed.findByRole('button', { name: 'Get my calendar address' })).toBeInTheDocument();
    expect(feed.queryByLabelText('Calendar address')).not.toBeInTheDocument();
    expect(api.history.post.filter((r) => r.url === '/api/calendar/feed')).toHaveLength(2);
    expect(api.history.delete.filter((r) => r.url === '/api/calendar/feed')).toHaveLength(1);
  });

  it('says so when the address cannot be made', async () => {
    api.onGet('/api/payment/my-bookings').reply(200, { data: [] });
    api
      .onPost('/api/calendar/feed')
      .reply(429, { error: { code: 'rate_limited', message: 'Too many new addresses. Please wait an hour.' } });
    renderWithProviders(<MyTicketsPage />, { route: '/my-tickets', preloadedState: signedInState() });
    await userEvent.click(await screen.findByRole('button', { name: 'Get my calendar address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many new addresses. Please wait an hour.');
  });
});
