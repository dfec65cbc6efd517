import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import type { DonationReport } from '@ministry/shared/types';
import { DonationsPage } from './DonationsPage';

const report: DonationReport = {
  items: [
    {
      _id: 'd1',
      type: 'charitable',
      frequency: 'weekly',
      amount: 20,
      status: 'paid',
      provider: 'local',
      giver: 'Grace Giver',
      email: 'grace@example.org',
      createdAt: '2025-02-10T17:00:00.000Z',
    },
    {
      _id: 'd2',
      type: 'offering',
      frequency: 'once',
      amount: 1000,
      status: 'refunded',
      provider: 'stripe',
      giver: null,
      email: null,
      createdAt: '2025-01-05T17:00:00.000Z',
    },
  ],
  matched: 2,
  limit: 200,
  totals: {
    count: 1,
    amount: 20,
    byType: [
      { type: 'offering', count: 0, amount: 0 },
      { type: 'tithing', count: 0, amount: 0 },
      { type: 'charitable', count: 1, amount: 20 },
      { type: 'generous', count: 0, amount: 0 },
    ],
    byMonth: [{ month: '2025-02', count: 1, amount: 20 }],
  },
};
const admin = signedInState({ ...sampleUser, role: 'admin' });

describe('DonationsPage', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('shows the totals per type and month and the gifts, refunded ones marked', async () => {
    api.onGet('/api/admin/donations').reply(200, { data: report });
    renderWithProviders(<DonationsPage />, { route: '/admin/donations', preloadedState: admin });
    expect(await screen.findByText(/in 1 gift$/)).toHaveTextContent('Given: $20 in 1 gift');
    const byType = screen.getByRole('table', { name: 'Totals by type' });
    expect(within(byType).getByRole('row', { name: /Charitable/ })).toHaveTextContent('Charitable1$20');
    expect(
      within(screen.getByRole('table', { name: 'Totals by month' })).getByRole('row', { name: /February 2025/ }),
    ).toHaveTextContent('$20');
    const gifts = within(screen.getByRole('table', { name: 'Gifts, newest first' }))
      .getAllByRole('row')
      .slice(1);
    expect(gifts[0]).toHaveTextContent(/CharitableWeekly\$20Grace GiverGiven/);
    expect(gifts[1]).toHaveTextContent(/OfferingOne-time\$1,000AnonymousRefunded/);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/donations.csv');
  });

  it('filters by type, frequency and dates (the CSV follows), and refuses a range that ends before it starts', async () => {
    api.onGet('/api/admin/donations').reply(200, { data: report });
    renderWithProviders(<DonationsPage />, { route: '/admin/donations', preloadedState: admin });
    await screen.findByText(/in 1 gift$/);
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Charitable');
    await userEvent.selectOptions(screen.getByLabelText('Frequency'), 'Weekly');
    await userEvent.type(screen.getByLabelText('From'), '2025-03-01');
    await userEvent.type(screen.getByLabelText('To'), '2025-02-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('The last day comes before the first')).toBeInTheDocument();
    expect(api.history.get).toHaveLength(1);

    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2025-03-31');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.history.get).toHaveLength(2));
    expect(api.history.get[1]!.params).toEqual({ type: 'charitable', frequency: 'weekly', from: '2025-03-01', to: '2025-03-31' });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/donations.csv?type=charitable&frequency=weekly&from=2025-03-01&to=2025-03-31',
    );
  });
});
