import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import { CommunityApp } from '../../testing/CommunityApp';
import type { MyGroup, MyGroups } from '@ministry/shared/types';

const ID = '7d0f7f0e-6b1a-4c55-9d6a-1b2c3d4e5f60';
const led: MyGroup = {
  _id: ID,
  slug: 'tuesday-bible-study',
  name: 'Tuesday Bible Study',
  kind: 'bible-study',
  lifeStage: 'everyone',
  location: null,
  address: '12 Elm Street',
  meetingPlace: '12 Elm Street',
  weekday: 2,
  time: '19:00',
  frequency: 'weekly',
  description: '',
  photo: null,
  capacity: null,
  memberCount: 2,
  open: true,
  full: false,
  leaders: [{ firstname: 'Ada', lastname: 'Leader' }],
  role: 'leader',
  shareEmail: true,
  mail: true,
};
const mine: MyGroups = {
  groups: [led],
  myRequests: [],
  toAnswer: [
    {
      _id: 'request-1',
      group: { _id: ID, slug: led.slug, name: led.name },
      member: { firstname: 'Ben', lastname: 'Joiner' },
      message: 'May I come?',
      status: 'pending',
      note: null,
      createdAt: new Date().toISOString(),
    },
  ],
};

describe('/my-groups', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/groups/mine').reply(200, { data: mine });
  });
  afterEach(() => api.restore());

  it('sends a visitor to log in', async () => {
    renderWithProviders(<CommunityApp />, { route: '/my-groups' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
  });

  it('a leader accepts a request with a note', async () => {
    api.onPost('/api/groups/requests/request-1/accept').reply(200, { data: { ok: true } });
    renderWithProviders(<CommunityApp />, { route: '/my-groups', preloadedState: signedInState() });
    const request = await screen.findByRole('article', { name: 'Ben Joiner asks to join Tuesday Bible Study' });
    expect(request).toHaveTextContent('May I come?');
    await userEvent.type(within(request).getByLabelText(/A note to them/), 'Welcome!');
    await userEvent.click(within(request).getByRole('button', { name: /Accept/ }));
    await waitFor(() => expect(api.history.post).toHaveLength(1));
    expect(JSON.parse(api.history.post[0]!.data as string)).toEqual({ note: 'Welcome!' });
  });

  it('a leader sees the roster, with only the addresses shared', async () => {
    api.onGet(`/api/groups/${ID}/roster`).reply(200, {
      data: [
        {
          _id: 'u1',
          firstname: 'Ada',
          lastname: 'Leader',
          role: 'leader',
          email: 'ada@example.org',
          joinedAt: '2026-01-01T00:00:00Z',
        },
        { _id: 'u2', firstname: 'Cy', lastname: 'Quiet', role: 'member', email: null, joinedAt: '2026-01-02T00:00:00Z' },
      ],
    });
    renderWithProviders(<CommunityApp />, { route: '/my-groups', preloadedState: signedInState() });
    await userEvent.click(await screen.findByRole('button', { name: 'Show the roster of Tuesday Bible Study' }));
    const roster = await screen.findByRole('region', { name: 'Roster of Tuesday Bible Study' });
    expect(within(roster).getByRole('link', { name: 'ada@example.org' })).toHaveAttribute('href', 'mailto:ada@example.org');
    expect(roster).toHaveTextContent('Cy QuietAddress not shared');
  });

  it('a leader e-mails the group; an empty message is refused before sending', async () => {
    api.onPost(`/api/groups/${ID}/mail`).reply(200, { data: { sent: 4 } });
    renderWithProviders(<CommunityApp />, { route: '/my-groups', preloadedState: signedInState() });
    await userEvent.click(await screen.findByRole('button', { name: 'E-mail the group Tuesday Bible Study' }));
    const form = screen.getByRole('form', { name: 'E-mail Tuesday Bible Study' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send to the group' }));
    expect(within(form).getAllByText('Required')).toHaveLength(2);
    await userEvent.type(within(form).getByLabelText('Subject'), 'This week');
    await userEvent.type(within(form).getByLabelText(/Message/), 'We meet at 7.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send to the group' }));
    await waitFor(() => expect(api.history.post).toHaveLength(1));
    expect(JSON.parse(api.history.post[0]!.data as string)).toEqual({ subject: 'This week', text: 'We meet at 7.' });
  });

  it('a member leaves a group after confirming', async () => {
    api.onDelete(`/api/groups/${ID}/membership`).reply(200, { data: { ok: true } });
    renderWithProviders(<CommunityApp />, { route: '/my-groups', preloadedState: signedInState() });
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Tuesday Bible Study' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave the group' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tuesday Bible Study' })).not.toBeInTheDocument());
    expect(api.history.delete).toHaveLength(1);
  });
});
