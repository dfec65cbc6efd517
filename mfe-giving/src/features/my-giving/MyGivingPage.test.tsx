import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import type { Gift, MyGiving, RecurringGift } from '@ministry/shared/types';
import { MyGivingPage } from './MyGivingPage';

const gift = (overrides: Partial<Gift>): Gift => ({
  _id: 'aaaaaaaa-0000-4000-8000-000000000001',
  date: '2030-03-10T15:00:00.000Z',
  type: 'offering',
  typeLabel: 'Offering',
  frequency: 'once',
  recurring: false,
  amount: 25,
  feeCovered: null,
  status: 'paid',
  ...overrides,
});

const monthly: RecurringGift = {
  _id: 'bbbbbbbb-0000-4000-8000-000000000002',
  type: 'charitable',
  typeLabel: 'Charitable',
  frequency: 'monthly',
  amount: 40,
  startedAt: '2030-02-01T15:00:00.000Z',
  lastGiftAt: '2030-03-01T15:00:00.000Z',
  nextDate: '2030-04-01T15:00:00.000Z',
  cancelledAt: null,
  provider: 'local',
};

describe('MyGivingPage', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('lists the gifts with date, type, frequency and amount, the statement link and the recurring gift with its next date; Cancel stops it', async () => {
    const giving: MyGiving = {
      gifts: [
        gift({ _id: 'g1' }),
        gift({
          _id: 'g2',
          type: 'charitable',
          typeLabel: 'Charitable',
          frequency: 'monthly',
          recurring: true,
          amount: 40,
          date: '2030-03-01T15:00:00.000Z',
        }),
      ],
      recurring: [monthly],
    };
    api.onGet('/api/giving/mine').replyOnce(200, { data: giving });
    api
      .onPost(`/api/giving/recurring/${monthly._id}/cancel`)
      .replyOnce(200, { data: { ...monthly, nextDate: null, cancelledAt: '2030-03-12T10:00:00.000Z' } });
    api.onGet('/api/giving/mine').replyOnce(200, {
      data: { ...giving, recurring: [{ ...monthly, nextDate: null, cancelledAt: '2030-03-12T10:00:00.000Z' }] },
    });
    renderWithProviders(<MyGivingPage />, { route: '/my-giving', preloadedState: signedInState() });
    expect(screen.getByRole('heading', { level: 1, name: 'My giving' })).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('10 March 2030')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('One-time')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$25')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Monthly')).toBeInTheDocument();
    // The newest year with gifts comes first; the others are in the list.
    expect(screen.getByRole('link', { name: 'Download the 2030 statement (PDF)' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/giving/statement/2030'),
    );
    await userEvent.selectOptions(screen.getByLabelText('Year'), String(new Date().getFullYear()));
    expect(screen.getByRole('link', { name: `Download the ${new Date().getFullYear()} statement (PDF)` })).toBeInTheDocument();
    expect(screen.getByText('Next gift on 01 April 2030')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the monthly Charitable gift' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stop this gift' }));
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(api.history.post).toHaveLength(1);
  });
});
