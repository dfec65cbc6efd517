import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { CommunityApp } from '../../testing/CommunityApp';
import type { RosterDay, ServingOverview } from '@ministry/shared/types';

const overview: ServingOverview = {
  staff: false,
  teams: [
    {
      _id: 't1',
      name: 'Greeters',
      description: '',
      positions: [{ _id: 'p1', name: 'Greeter' }],
      leaders: [],
      upcomingSlots: 4,
    },
  ],
  locations: [],
};

const roster: RosterDay[] = [
  {
    day: '2026-12-06',
    slots: [
      {
        _id: 's1',
        team: { _id: 't1', name: 'Greeters' },
        position: { _id: 'p1', name: 'Greeter' },
        church: null,
        startsAt: '2026-12-06T13:30:00.000Z',
        day: '2026-12-06',
        needed: 3,
        filled: 1,
        people: [{ _id: 'u1', name: 'Ruth Moabite', email: 'ruth@example.org', addedByLeader: false }],
      },
    ],
    blockedOut: [{ _id: 'u2', name: 'Boaz', teams: ['Greeters'] }],
  },
];

describe('RosterPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/admin/serving').reply(200, { data: overview });
    api.onGet('/api/admin/serving/roster').reply(200, { data: roster });
  });
  afterEach(() => api.restore());

  it('shows a leader their roster: who serves, the gaps, who is blocked out; fills a place', async () => {
    api.onPost('/api/admin/serving/slots/s1/people').reply(201, { data: { ok: true } });
    renderWithProviders(<CommunityApp />, { route: '/serve/roster', preloadedState: signedInState() });
    const slot = await screen.findByRole('listitem', { name: 'Greeter (Greeters), 8:30 AM' });
    expect(slot).toHaveTextContent('1 of 3, 2 open');
    expect(slot).toHaveTextContent('Ruth Moabite · ruth@example.org');
    expect(screen.getByText('2 gaps')).toBeInTheDocument();
    expect(screen.getByText(/Cannot serve this day/).parentElement).toHaveTextContent('Boaz (Greeters)');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(
      /\/api\/admin\/serving\/roster\.csv\?from=\d{4}-\d{2}-\d{2}&days=14$/,
    );
    // A leader does not set up teams.
    expect(screen.queryByRole('heading', { name: 'New team' })).not.toBeInTheDocument();

    await userEvent.click(within(slot).getByRole('button', { name: /^Fill a place/ }));
    const form = within(slot).getByRole('form', { name: /Fill a place/ });
    await userEvent.type(within(form).getByLabelText('Member’s e-mail'), 'naomi@example.org');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.history.post).toHaveLength(1));
    expect(JSON.parse(String(api.history.post[0]!.data))).toEqual({ email: 'naomi@example.org' });
  });

  it('gives the staff the teams: a new team, its positions, leaders and slots', async () => {
    api.onGet('/api/admin/serving').reply(200, { data: { ...overview, staff: true } });
    api.onPost('/api/admin/serving/teams').reply(201, { data: { _id: 't2' } });
    api.onPost('/api/admin/serving/slots').reply(201, { data: { _id: 's9' } });
    renderWithProviders(<CommunityApp />, {
      route: '/admin/serving',
      preloadedState: signedInState({ ...sampleUser, role: 'editor' }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Teams and slots (1)' }));
    const panel = screen.getByRole('region', { name: 'Greeters' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Add slot' }));
    expect(within(panel).getByText('Choose a date')).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText('Date'), '2099-01-04');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add slot' }));
    await waitFor(() => expect(api.history.post).toHaveLength(1));
    expect(JSON.parse(String(api.history.post[0]!.data))).toEqual({
      teamId: 't1',
      positionId: 'p1',
      churchId: null,
      date: '2099-01-04',
      time: '09:00',
      needed: 2,
    });
    await userEvent.type(screen.getByLabelText('Name'), 'Media');
    await userEvent.click(screen.getByRole('button', { name: 'Add team' }));
    await waitFor(() => expect(api.history.post).toHaveLength(2));
    expect(JSON.parse(String(api.history.post[1]!.data))).toEqual({ name: 'Media', description: '' });
  });

  it('asks the staff before a removal: keeping it sends nothing; a refusal shows in the dialog; removing it does', async () => {
    api.onGet('/api/admin/serving').reply(200, { data: { ...overview, staff: true } });
    api.onDelete('/api/admin/serving/teams/t1').replyOnce(409, { error: { message: 'The team has sign-ups ahead.' } });
    api.onDelete('/api/admin/serving/teams/t1').replyOnce(200, { data: { ok: true } });
    api.onDelete('/api/admin/serving/slots/s1').reply(200, { data: { ok: true } });
    renderWithProviders(<CommunityApp />, {
      route: '/admin/serving',
      preloadedState: signedInState({ ...sampleUser, role: 'editor' }),
    });
    const slot = await screen.findByRole('listitem', { name: 'Greeter (Greeters), 8:30 AM' });
    await userEvent.click(within(slot).getByRole('button', { name: 'Remove slot' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove the slot Greeter (Greeters), 8:30 AM?' });
    expect(dialog).toHaveTextContent('Those signed up for it are taken off.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.history.delete).toHaveLength(0);
    await userEvent.click(within(slot).getByRole('button', { name: 'Remove slot' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove the slot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.history.delete.map((r) => r.url)).toEqual(['/api/admin/serving/slots/s1']);

    await userEvent.click(screen.getByRole('tab', { name: 'Teams and slots (1)' }));
    const panel = screen.getByRole('region', { name: 'Greeters' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove team' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the team Greeters?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove the team' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The team has sign-ups ahead.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove the team' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.history.delete.map((r) => r.url)).toEqual([
      '/api/admin/serving/slots/s1',
      '/api/admin/serving/teams/t1',
      '/api/admin/serving/teams/t1',
    ]);
  });

  it('tells a member who leads no team what the page is for', async () => {
    api.onGet('/api/admin/serving').reply(200, { data: { staff: false, teams: [], locations: [] } });
    renderWithProviders(<CommunityApp />, { route: '/serve/roster', preloadedState: signedInState() });
    expect(await screen.findByText(/This page is for team leaders/)).toBeInTheDocument();
  });
});
