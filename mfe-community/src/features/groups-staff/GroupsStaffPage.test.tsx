import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { CommunityApp } from '../../testing/CommunityApp';
import { locations } from '../../testing/fixtures';
import type { StaffGroup } from '@ministry/shared/types';

const editor = signedInState({ ...sampleUser, role: 'editor' });
const ID = '7d0f7f0e-6b1a-4c55-9d6a-1b2c3d4e5f60';
const staffGroup: StaffGroup = {
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
  capacity: 10,
  memberCount: 4,
  open: true,
  full: false,
  leaders: [],
  pendingRequests: 2,
  leaderEmails: [],
};

jest.setTimeout(20_000);

describe('the staff groups pages', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/admin/groups').reply(200, { data: [staffGroup] });
    api.onGet(`/api/admin/groups/${ID}`).reply(200, { data: staffGroup });
    api.onGet(`/api/groups/${ID}/roster`).reply(200, { data: [] });
    api.onGet(`/api/admin/groups/${ID}/requests`).reply(200, { data: [] });
    api.onGet('/api/locations').reply(200, { data: locations });
  });
  afterEach(() => api.restore());

  it('lists every group with its leaders, size and requests waiting, and the rosters to download', async () => {
    renderWithProviders(<CommunityApp />, { route: '/admin/groups', preloadedState: editor });
    const table = await screen.findByRole('table', { name: 'Small groups' });
    const row = within(table).getByRole('row', { name: /Tuesday Bible Study/ });
    expect(row).toHaveTextContent('No leader');
    expect(row).toHaveTextContent('4 / 10');
    expect(row).toHaveTextContent('2 requests');
    expect(screen.getByRole('link', { name: 'Download rosters (CSV)' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/admin/groups/rosters.csv'),
    );
    expect(screen.getByRole('link', { name: 'Add a group' })).toHaveAttribute('href', '/admin/groups/new');
  });

  it('adds a group: where it meets is required, then it goes to its page', async () => {
    api.onPost('/api/admin/groups').reply(201, { data: staffGroup });
    renderWithProviders(<CommunityApp />, { route: '/admin/groups/new', preloadedState: editor });
    await userEvent.type(await screen.findByLabelText('Name'), 'Tuesday Bible Study');
    await userEvent.click(screen.getByRole('button', { name: 'Add the group' }));
    expect(await screen.findByText('Choose a location or write where the group meets')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Meeting place'), '12 Elm Street');
    await userEvent.click(screen.getByRole('button', { name: 'Add the group' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/admin/groups/${ID}`));
    expect(JSON.parse(api.history.post[0]!.data as string)).toMatchObject({
      name: 'Tuesday Bible Study',
      meetingPlace: '12 Elm Street',
      kind: 'bible-study',
      weekday: 2,
      open: true,
    });
  });

  it("sets a group's leaders by address, and shows the server's reason for an unknown one", async () => {
    api
      .onPut(`/api/admin/groups/${ID}/leaders`)
      .replyOnce(400, {
        error: { code: 'bad_request', message: 'No member', fields: { leaders: 'No member has the address x@example.org' } },
      })
      .onPut(`/api/admin/groups/${ID}/leaders`)
      .reply(200, {
        data: { ...staffGroup, leaders: [{ firstname: 'Ada', lastname: 'L' }], leaderEmails: ['ada@example.org'] },
      });
    renderWithProviders(<CommunityApp />, { route: `/admin/groups/${ID}`, preloadedState: editor });
    const field = await screen.findByLabelText("Leaders' e-mail addresses");
    await userEvent.type(field, 'x@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save the leaders' }));
    expect(await screen.findByText('No member has the address x@example.org')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save the leaders' }));
    await waitFor(() => expect(api.history.put).toHaveLength(2));
    expect(JSON.parse(api.history.put[1]!.data as string)).toEqual({ emails: ['ada@example.org'] });
  });

  it('the staff answer a request waiting and take someone off the roster', async () => {
    api.onGet(`/api/admin/groups/${ID}/requests`).reply(200, {
      data: [
        { _id: 'request-1', member: { firstname: 'Ben', lastname: 'Joiner' }, message: 'Hi!', createdAt: '2026-01-01T00:00:00Z' },
      ],
    });
    api.onGet(`/api/groups/${ID}/roster`).reply(200, {
      data: [
        { _id: 'user-cy', firstname: 'Cy', lastname: 'Gone', role: 'member', email: null, joinedAt: '2026-01-01T00:00:00Z' },
      ],
    });
    api.onPost('/api/groups/requests/request-1/accept').reply(200, { data: { ok: true } });
    api.onDelete(`/api/admin/groups/${ID}/members/user-cy`).reply(200, { data: { ok: true } });
    renderWithProviders(<CommunityApp />, { route: `/admin/groups/${ID}`, preloadedState: editor });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Ben Joiner' }));
    await waitFor(() => expect(api.history.post.map((r) => r.url)).toEqual(['/api/groups/requests/request-1/accept']));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Cy Gone' }));
    await waitFor(() => expect(api.history.delete.map((r) => r.url)).toEqual([`/api/admin/groups/${ID}/members/user-cy`]));
  });
  it('removes a group once asked: a failure shows in the dialog, then the list', async () => {
    api
      .onDelete(`/api/admin/groups/${ID}`)
      .replyOnce(503)
      .onDelete(`/api/admin/groups/${ID}`)
      .replyOnce(200, { data: { ok: true } });
    renderWithProviders(<CommunityApp />, { route: `/admin/groups/${ID}`, preloadedState: editor });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this group?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Oops, there is a problem');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/\/admin\/groups$/));
    expect(api.history.delete).toHaveLength(2);
  });
});
