import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import type { MemberDetail, MemberSummary } from '@ministry/shared/types';
import { AccountApp } from '../../testing/routes';

const admin = signedInState({ ...sampleUser, _id: 'admin-1', role: 'admin' });
const ben: MemberSummary = {
  _id: 'user-ben',
  firstname: 'Ben',
  lastname: 'Okafor',
  email: 'ben@example.org',
  role: 'member',
  joined: '2026-03-04T12:00:00.000Z',
  disabledAt: null,
  emailConfirmed: false,
  postingStoppedAt: '2026-10-01T12:00:00.000Z',
  posts: { prayers: 2, stories: 1, comments: 0 },
};
const benInFull: MemberDetail = {
  ...ben,
  church: { _id: 'church-1', name: 'Harbor Light Church' },
  city: 'Wilmington',
  country: 'United States',
  postList: [
    {
      _id: 'p1',
      kind: 'prayers',
      text: 'Pray for my exams.',
      status: 'rejected',
      date: '2026-10-02T12:00:00.000Z',
      reason: 'Names a teacher.',
      anonymous: true,
    },
    {
      _id: 's1',
      kind: 'stories',
      text: 'God provided a job.',
      status: 'pending',
      date: '2026-10-01T12:00:00.000Z',
      reason: null,
    },
  ],
};

// Several steps each: they take a while on a busy machine.
jest.setTimeout(20_000);

describe('the members pages', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => api.restore());

  it('lists members with when they joined, role, state and posts, searches, and pages through', async () => {
    api
      .onGet('/api/admin/members')
      .reply((config) => [
        200,
        { data: { items: [ben], total: config.params?.q ? 1 : 60, page: config.params?.page ?? 1, pageSize: 25 } },
      ]);
    renderWithProviders(<AccountApp />, { route: '/admin/members', preloadedState: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Ben Okafor/ });
    expect(row).toHaveTextContent('ben@example.org');
    expect(row).toHaveTextContent('4 Mar 2026');
    expect(row).toHaveTextContent('Member');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('E-mail unconfirmed');
    expect(row).toHaveTextContent('Stopped from posting');
    expect(row).toHaveTextContent('2 prayers · 1 story · 0 comments');
    expect(within(row).getByRole('link', { name: 'Ben Okafor' })).toHaveAttribute('href', '/admin/members/user-ben');
    expect(screen.getByText('60 members, newest first.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(api.history.get.at(-1)?.params).toEqual({ page: 2 });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a member by name or e-mail' }), 'okafor{Enter}');
    expect(await screen.findByText('1 member matches “okafor”.')).toBeInTheDocument();
    expect(api.history.get.at(-1)?.params).toEqual({ q: 'okafor' });
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/members');
  });

  it("shows a member's account and every post with its state", async () => {
    api.onGet('/api/admin/members/user-ben').reply(200, { data: benInFull });
    renderWithProviders(<AccountApp />, { route: '/admin/members/user-ben', preloadedState: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben Okafor' })).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(account).toHaveTextContent('Harbor Light Church');
    expect(account).toHaveTextContent('Wilmington, United States');
    const rejected = screen.getByRole('listitem', { name: 'Prayer request, not published' });
    expect(rejected).toHaveTextContent('Reason given: Names a teacher.');
    expect(rejected).toHaveTextContent('Posted without their name');
    const waiting = screen.getByRole('listitem', { name: 'Story, waiting for review' });
    expect(within(waiting).getByRole('link', { name: 'Review it on the moderation page' })).toHaveAttribute(
      'href',
      '/admin/moderation',
    );
  });

  it('changes a role, disables (after asking) and enables an account, and lets a member post again', async () => {
    api.onGet('/api/admin/members/user-ben').reply(200, { data: benInFull });
    api.onPut('/api/admin/members/user-ben/role').reply(200, { data: { ...benInFull, role: 'editor' } });
    api.onPut('/api/admin/members/user-ben/disabled').reply((config) => {
      const { disabled } = JSON.parse(config.data as string) as { disabled: boolean };
      return [200, { data: { ...benInFull, role: 'editor', disabledAt: disabled ? '2026-11-25T10:00:00.000Z' : null } }];
    });
    api.onPost('/api/moderation/members/user-ben/posting').reply(200, { data: { stopped: false } });
    renderWithProviders(<AccountApp />, { route: '/admin/members/user-ben', preloadedState: admin });

    const role = await screen.findByRole('region', { name: 'Role' });
    expect(within(role).getByRole('button', { name: 'Change role' })).toBeDisabled();
    await userEvent.selectOptions(within(role).getByLabelText('Role'), 'Editor');
    expect(role).toHaveTextContent('Editor: publishes content, moderates posts and runs events.');
    await userEvent.click(within(role).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Ben Okafor is now an editor.')).toBeInTheDocument();
    expect(JSON.parse(api.history.put[0]!.data)).toEqual({ role: 'editor' });
    expect(screen.getByRole('region', { name: 'Account' })).toHaveTextContent('Editor');

    const access = screen.getByRole('region', { name: 'Account and posting' });
    await userEvent.click(within(access).getByRole('button', { name: 'Disable account…' }));
    const dialog = screen.getByRole('dialog', { name: "Disable Ben Okafor's account?" });
    expect(api.history.put).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText("Ben Okafor's account is disabled; they are signed out.")).toBeInTheDocument();
    expect(JSON.parse(api.history.put[1]!.data)).toEqual({ disabled: true });
    expect(screen.getByRole('region', { name: 'Account' })).toHaveTextContent('Disabled');
    await userEvent.click(within(access).getByRole('button', { name: 'Enable account' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Account' })).toHaveTextContent('Active'));

    await userEvent.click(within(access).getByRole('button', { name: 'Let them post again' }));
    expect(await screen.findByText('Ben Okafor may post again.')).toBeInTheDocument();
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({ stopped: false });
    expect(within(access).getByRole('button', { name: 'Stop them posting' })).toBeInTheDocument();
  });

  it("shows the server's refusal, and offers an admin nothing to change on their own account", async () => {
    api.onGet('/api/admin/members/user-ben').reply(200, { data: benInFull });
    api
      .onPut('/api/admin/members/user-ben/role')
      .reply(409, { error: { code: 'last_admin', message: 'The site must keep at least one admin who can sign in.' } });
    const first = renderWithProviders(<AccountApp />, { route: '/admin/members/user-ben', preloadedState: admin });
    const role = await screen.findByRole('region', { name: 'Role' });
    await userEvent.selectOptions(within(role).getByLabelText('Role'), 'Admin');
    await userEvent.click(within(role).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('The site must keep at least one admin who can sign in.')).toBeInTheDocument();
    first.unmount();

    api
      .onGet('/api/admin/members/admin-1')
      .reply(200, { data: { ...benInFull, _id: 'admin-1', role: 'admin', firstname: 'Ada' } });
    renderWithProviders(<AccountApp />, { route: '/admin/members/admin-1', preloadedState: admin });
    expect(await screen.findByText('You are an admin. You cannot change your own role: another admin can.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable account…' })).not.toBeInTheDocument();
  });

  it('says when there is no such member', async () => {
    api.onGet('/api/admin/members/nobody').reply(400, { error: { code: 'bad_request', message: 'The id is not valid.' } });
    renderWithProviders(<AccountApp />, { route: '/admin/members/nobody', preloadedState: admin });
    expect(await screen.findByRole('heading', { name: 'Member not found' })).toBeInTheDocument();
  });
});
