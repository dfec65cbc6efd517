import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import { CommunityApp } from '../../testing/CommunityApp';
import type { MySlot, ServingSlot, ServingTeam } from '@ministry/shared/types';

const church = { _id: 'c1', name: 'Harbor Light' };
const slot = (id: string, startsAt: string, needed: number, filled: number, position = 'Greeter'): ServingSlot => ({
  _id: id,
  team: { _id: 't1', name: 'Greeters' },
  position: { _id: position, name: position },
  church,
  startsAt,
  day: startsAt.slice(0, 10),
  needed,
  filled,
});

// 8:30 and 10:30 on Sunday 6 December 2026 in New York.
const teams: ServingTeam[] = [
  {
    _id: 't1',
    name: 'Greeters',
    description: 'Welcome people at the doors.',
    positions: [
      { _id: 'Greeter', name: 'Greeter' },
      { _id: 'Usher', name: 'Usher' },
    ],
    slots: [
      slot('s1', '2026-12-06T13:30:00.000Z', 3, 1),
      slot('s2', '2026-12-06T15:30:00.000Z', 2, 2, 'Usher'),
      slot('s3', '2026-12-13T13:30:00.000Z', 3, 0),
    ],
  },
];

describe('ServePage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/serving').reply(200, { data: teams });
  });
  afterEach(() => api.restore());

  it('lists the slots that need people on the site’s clock, and asks a visitor to sign in', async () => {
    renderWithProviders(<CommunityApp />, { route: '/serve' });
    const list = await screen.findByRole('group', { name: 'Greeters: slots that need people' });
    const rows = within(list).getAllByRole('listitem');
    // The full Usher slot is left out.
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAccessibleName('Greeter, Sunday 6 December at 8:30 AM');
    expect(rows[0]).toHaveTextContent('8:30 AMGreeterHarbor Light');
    expect(screen.getByRole('heading', { level: 3, name: 'Sunday 6 December' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('2 places open of 3');
    expect(screen.queryByRole('button', { name: /Sign up/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to sign up' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('5 places to fill')).toBeInTheDocument();
  });

  it('signs a member up and marks the slot as theirs', async () => {
    let mine: MySlot[] = [];
    api.onGet('/api/serving/mine').reply(() => [200, { data: { slots: mine, blockouts: [], cancelHours: 24 } }]);
    api.onPost('/api/serving/slots/s1/signup').reply(() => {
      mine = [{ ...teams[0]!.slots[0]!, cancelUntil: '2026-12-05T13:30:00.000Z' }];
      return [201, { data: { ok: true } }];
    });
    renderWithProviders(<CommunityApp />, { route: '/serve', preloadedState: signedInState() });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up as Greeter, Sunday 6 December at 8:30 AM' }));
    expect(await screen.findByText('You are serving ✓')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My schedule' })).toHaveAttribute('href', '/my-schedule');
  });

  it('shows why a sign-up was refused', async () => {
    api.onGet('/api/serving/mine').reply(200, { data: { slots: [], blockouts: [], cancelHours: 24 } });
    api
      .onPost('/api/serving/slots/s3/signup')
      .reply(409, { error: { code: 'full', message: 'This slot is full. Please choose another one.' } });
    renderWithProviders(<CommunityApp />, { route: '/serve', preloadedState: signedInState() });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up as Greeter, Sunday 13 December at 8:30 AM' }));
    await waitFor(() => expect(screen.getByText('This slot is full. Please choose another one.')).toBeInTheDocument());
  });
});
