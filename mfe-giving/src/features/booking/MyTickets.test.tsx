import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { http } from '@ministry/shared/api';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import { sampleBooking } from '../../testing/fixtures';
import { MyTickets } from './MyTickets';

describe('MyTickets', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => api.restore());

  it('lists the member’s tickets with their event, date, count and amount', async () => {
    api.onGet('/api/payment/my-tickets').reply(200, { data: [sampleBooking(), sampleBooking({ _id: 'b2', quantity: 1, amount: 15 })] });
    renderWithProviders(<MyTickets />, { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: 'Your tickets' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Night of Worship' })[0]).toHaveAttribute('href', `/events/${sampleBooking().event._id}`);
    expect(screen.getByText('2 tickets')).toBeInTheDocument();
    expect(screen.getByText('30$ paid')).toBeInTheDocument();
  });

  it('says when there are none, and retries after a failure', async () => {
    api.onGet('/api/payment/my-tickets').replyOnce(500).onGet('/api/payment/my-tickets').reply(200, { data: [] });
    renderWithProviders(<MyTickets />, { preloadedState: signedInState() });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You have no tickets yet/)).toBeInTheDocument();
  });
});
