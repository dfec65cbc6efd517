import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import { CommunityApp } from '../../testing/CommunityApp';
import type { MySchedule } from '@ministry/shared/types';

const later = new Date(Date.now() + 10 * 86_400_000);
const soon = new Date(Date.now() + 5 * 3_600_000);
const base = {
  team: { _id: 't1', name: 'Greeters' },
  position: { _id: 'p1', name: 'Greeter' },
  church: { _id: 'c1', name: 'Harbor Light' },
  needed: 3,
  filled: 1,
};
const schedule = (): MySchedule => ({
  slots: [
    {
      ...base,
      _id: 'soon',
      startsAt: soon.toISOString(),
      day: '',
      cancelUntil: new Date(soon.getTime() - 24 * 3_600_000).toISOString(),
    },
    {
      ...base,
      _id: 'later',
      startsAt: later.toISOString(),
      day: '',
      cancelUntil: new Date(later.getTime() - 24 * 3_600_000).toISOString(),
    },
  ],
  blockouts: ['2099-01-04'],
  cancelHours: 24,
});

describe('MySchedulePage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/serving/mine').reply(200, { data: schedule() });
    api.onGet('/api/serving/feed').reply(200, { data: { url: null } });
    api.onGet('/api/admin/serving').reply(200, { data: { staff: false, teams: [], locations: [] } });
  });
  afterEach(() => api.restore());

  const renderPage = () => renderWithProviders(<CommunityApp />, { route: '/my-schedule', preloadedState: signedInState() });

  it('sends a signed-out visitor to log in', async () => {
    renderWithProviders(<CommunityApp />, { route: '/my-schedule' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
  });

  it('lists the member’s slots; one past the cut-off cannot be cancelled here', async () => {
    api.onDelete('/api/serving/slots/later/signup').reply(200, { data: { ok: true } });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your slots' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('please tell your team leader');
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(second!).getByRole('button', { name: /^Cancel/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel my sign-up' }));
    await waitFor(() => expect(api.history.delete).toHaveLength(1));
    expect(screen.getByText('You can cancel until 24 hours before a slot.', { exact: false })).toBeInTheDocument();
  });

  it('adds and removes days the member cannot serve', async () => {
    api.onPut('/api/serving/blockouts/2099-02-01').reply(200, { data: { ok: true } });
    api.onDelete('/api/serving/blockouts/2099-01-04').reply(200, { data: { ok: true } });
    renderPage();
    const days = await screen.findByRole('list', { name: 'Days you cannot serve' });
    expect(days).toHaveTextContent('Sunday 4 January 2099');
    await userEvent.click(screen.getByRole('button', { name: 'Add day' }));
    expect(screen.getByText('Choose a day')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Day'), '2099-02-01');
    await userEvent.click(screen.getByRole('button', { name: 'Add day' }));
    await waitFor(() => expect(api.history.put).toHaveLength(1));
    await userEvent.click(within(days).getByRole('button', { name: 'Remove Sunday 4 January 2099' }));
    await waitFor(() => expect(api.history.delete).toHaveLength(1));
  });

  it('gives the member their calendar’s secret address', async () => {
    api.onPost('/api/serving/feed').reply(200, { data: { url: 'http://localhost/calendar/serving/abc.ics' } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Get my calendar address' }));
    expect(await screen.findByRole('textbox', { name: 'Your calendar address' })).toHaveValue(
      'http://localhost/calendar/serving/abc.ics',
    );
    expect(screen.getByRole('button', { name: 'Make a new address' })).toBeInTheDocument();
  });
});
