import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import type { PendingPosts } from '@ministry/shared/types';
import { CommunityApp } from '../../testing/CommunityApp';

const admin = signedInState({ ...sampleUser, role: 'admin' });
const editor = signedInState({ ...sampleUser, role: 'editor' });
const author = { _id: 'user-ben', firstname: 'Ben', lastname: 'Okafor', email: 'ben@example.org' };
const pending: PendingPosts = {
  prayers: [
    {
      _id: 'p1',
      kind: 'prayers',
      text: 'Pray for my exams.',
      status: 'pending',
      version: 'v-p1',
      date: new Date().toISOString(),
      user: author,
      reports: [],
    },
  ],
  stories: [
    {
      _id: 's1',
      kind: 'stories',
      text: 'God provided a job.',
      status: 'pending',
      version: 'v-s1',
      date: new Date().toISOString(),
      user: author,
      reports: [],
    },
  ],
  comments: [
    {
      _id: 'c1',
      kind: 'comments',
      text: 'Amen!',
      // Reported once: still on the site until the staff decide.
      status: 'published',
      version: 'v-c1',
      date: new Date().toISOString(),
      user: author,
      story: { _id: 'story-1', content: 'Last year I lost my business.', status: 'published' },
      reports: [{ reason: 'Off topic, an advert', date: new Date().toISOString() }],
    },
  ],
  totals: { prayers: 1, stories: 1, comments: 1 },
};

describe('ModerationPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/moderation/pending').reply(200, { data: pending });
  });
  afterEach(() => api.restore());

  it('has moved: the former address leads to /admin/moderation', async () => {
    renderWithProviders(<CommunityApp />, { route: '/community/moderation', preloadedState: editor });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin\/moderation$/));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
  });

  it('lists what waits for review for an editor, by kind, with author and the story a comment answers', async () => {
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: editor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(await screen.findByText('3 posts are waiting for review, oldest first.')).toBeInTheDocument();
    const prayers = screen.getByRole('region', { name: /Prayer requests/ });
    expect(within(prayers).getByRole('article', { name: 'prayer request by Ben Okafor' })).toHaveTextContent('ben@example.org');
    const comments = screen.getByRole('region', { name: /Comments/ });
    expect(within(comments).getByText(/On the story: Last year I lost my business\./)).toBeInTheDocument();
    expect(within(prayers).queryByRole('link', { name: 'Ben Okafor' })).not.toBeInTheDocument();
  });

  it("links an admin to the author's member page", async () => {
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: admin });
    const prayer = await screen.findByRole('article', { name: 'prayer request by Ben Okafor' });
    expect(within(prayer).getByRole('link', { name: 'Ben Okafor' })).toHaveAttribute('href', '/admin/members/user-ben');
  });

  it('publishes and rejects: calls the API, removes the post and confirms', async () => {
    api.onPost('/api/moderation/prayers/p1/publish').reply(200, { data: { _id: 'p1', kind: 'prayers', status: 'published' } });
    api.onPost('/api/moderation/comments/c1/reject').reply(200, { data: { _id: 'c1', kind: 'comments', status: 'rejected' } });
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: admin });
    const prayer = await screen.findByRole('article', { name: 'prayer request by Ben Okafor' });
    await userEvent.click(within(prayer).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The prayer request is published.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Pray for my exams.')).not.toBeInTheDocument());

    const comment = screen.getByRole('article', { name: 'comment by Ben Okafor' });
    // A reported post shows its reports.
    expect(within(comment).getByRole('list', { name: 'Reports' })).toHaveTextContent('Off topic, an advert');
    // Reported but still up: the staff keep it or hide it.
    expect(within(comment).getByText('Reported once: still on the site until you decide.')).toBeInTheDocument();
    expect(within(comment).getByRole('button', { name: 'Keep on the site' })).toBeInTheDocument();
    await userEvent.click(within(comment).getByRole('button', { name: 'Hide…' }));
    await userEvent.type(within(comment).getByLabelText('Reason for the author (optional)'), 'Advertising is not allowed.');
    await userEvent.click(within(comment).getByRole('button', { name: 'Hide and tell the author' }));
    expect(await screen.findByText('The comment is hidden; its author is told by e-mail.')).toBeInTheDocument();
    expect(screen.getByText('1 post is waiting for review, oldest first.')).toBeInTheDocument();
    expect(api.history.post.map((r) => r.url)).toEqual([
      '/api/moderation/prayers/p1/publish',
      '/api/moderation/comments/c1/reject',
    ]);
    // The publish names the words the moderator saw.
    expect(JSON.parse(api.history.post[0].data)).toEqual({ version: 'v-p1' });
    expect(JSON.parse(api.history.post[1].data)).toEqual({ reason: 'Advertising is not allowed.' });
  });

  it('a post changed since the queue was loaded is not published: it says so and shows the queue again', async () => {
    api.onPost('/api/moderation/stories/s1/publish').reply(409, {
      error: {
        code: 'post_changed',
        message: 'This story was changed after you opened it. Read it again before you publish it.',
      },
    });
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: admin });
    const story = await screen.findByRole('article', { name: 'story by Ben Okafor' });
    await userEvent.click(within(story).getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('This story was changed after you opened it. Read it again before you publish it.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.history.get.filter((r) => r.url === '/api/moderation/pending')).toHaveLength(2));
  });

  it('stops a member from posting once confirmed; every card of theirs then says so, and "Allow again" works', async () => {
    api.onPost('/api/moderation/members/user-ben/posting').reply(200, { data: { stopped: true } });
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: admin });
    const story = await screen.findByRole('article', { name: 'story by Ben Okafor' });
    await userEvent.click(within(story).getByRole('button', { name: 'Stop Ben posting…' }));
    expect(api.history.post).toHaveLength(0);
    // Changing one's mind sends nothing.
    await userEvent.click(within(story).getByRole('button', { name: 'Let Ben post' }));
    expect(api.history.post).toHaveLength(0);
    await userEvent.click(within(story).getByRole('button', { name: 'Stop Ben posting…' }));
    await userEvent.click(within(story).getByRole('button', { name: 'Yes, stop Ben posting' }));
    expect(await screen.findByText('Ben Okafor can no longer post.')).toBeInTheDocument();
    expect(JSON.parse(api.history.post[0].data)).toEqual({ stopped: true });
    expect(within(story).getByText(/Ben cannot post/)).toBeInTheDocument();
    const prayer = screen.getByRole('article', { name: 'prayer request by Ben Okafor' });
    expect(within(prayer).getByText(/Ben cannot post/)).toBeInTheDocument();
    expect(within(prayer).queryByRole('button', { name: /Stop Ben posting/ })).not.toBeInTheDocument();

    api.onPost('/api/moderation/members/user-ben/posting').reply(200, { data: { stopped: false } });
    await userEvent.click(within(prayer).getByRole('button', { name: 'Allow again (Ben Okafor)' }));
    expect(await screen.findByText('Ben Okafor may post again.')).toBeInTheDocument();
    expect(JSON.parse(api.history.post[1].data)).toEqual({ stopped: false });
    expect(within(story).getByRole('button', { name: 'Stop Ben posting…' })).toBeInTheDocument();
    expect(within(story).queryByText(/Ben cannot post/)).not.toBeInTheDocument();
  });

  it('shows a stopped author as stopped, and marks an anonymous prayer beside its author', async () => {
    api.onGet('/api/moderation/pending').reply(200, {
      data: {
        ...pending,
        prayers: [{ ...pending.prayers[0], anonymous: true, authorPostingStopped: true }],
        stories: [],
        comments: [],
        totals: { prayers: 1, stories: 0, comments: 0 },
      },
    });
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: editor });
    const prayer = await screen.findByRole('article', { name: 'prayer request by Ben Okafor' });
    expect(within(prayer).getByText('Posted anonymously')).toBeInTheDocument();
    expect(within(prayer).getByText('Ben Okafor')).toBeInTheDocument();
    expect(within(prayer).getByText(/Ben cannot post/)).toBeInTheDocument();
    expect(within(prayer).getByRole('button', { name: 'Allow again (Ben Okafor)' })).toBeInTheDocument();
  });

  it('keeps a post whose decision failed, and says why', async () => {
    api.onPost('/api/moderation/stories/s1/publish').reply(500, {});
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: admin });
    const story = await screen.findByRole('article', { name: 'story by Ben Okafor' });
    await userEvent.click(within(story).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Oops, there is a problem, please try again later.')).toBeInTheDocument();
    expect(within(story).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('says when nothing waits', async () => {
    api
      .onGet('/api/moderation/pending')
      .reply(200, { data: { prayers: [], stories: [], comments: [], totals: { prayers: 0, stories: 0, comments: 0 } } });
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: admin });
    expect(await screen.findByText(/Nothing is waiting for review/)).toBeInTheDocument();
  });

  it('shows the totals, pages through a long queue, and rejects everything one member has waiting', async () => {
    const flooder = { _id: 'user-x', firstname: 'Spam', lastname: 'Bot', email: 'x@example.org' };
    const prayer = (n: number, user = flooder) => ({
      _id: `px${n}`,
      kind: 'prayers' as const,
      text: `Flood ${n}`,
      date: new Date(2026, 0, 1, 0, n).toISOString(),
      user,
    });
    api.onGet('/api/moderation/pending').reply((config) =>
      config.params?.afterId === 'px1'
        ? [
            200,
            {
              data: {
                prayers: [prayer(2), prayer(3)],
                stories: [],
                comments: [],
                totals: { prayers: 4, stories: 0, comments: 0 },
              },
            },
          ]
        : [
            200,
            {
              data: {
                prayers: [prayer(0, author), prayer(1)],
                stories: [],
                comments: [],
                totals: { prayers: 4, stories: 0, comments: 0 },
              },
            },
          ],
    );
    api
      .onPost('/api/moderation/members/user-x/reject-pending')
      .reply(200, { data: { rejected: { prayers: 3, stories: 0, comments: 0 } } });
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: admin });
    expect(await screen.findByText('4 posts are waiting for review, oldest first.')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 4.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more prayer requests' }));
    expect(await screen.findByText('Flood 3')).toBeInTheDocument();
    expect(api.history.get.at(-1)?.params).toMatchObject({ kind: 'prayers', afterId: 'px1' });

    const flood = screen.getAllByRole('article', { name: 'prayer request by Spam Bot' })[0]!;
    await userEvent.click(within(flood).getByRole('button', { name: 'Reject all by Spam…' }));
    await userEvent.click(within(flood).getByRole('button', { name: 'Yes, reject everything Spam has waiting' }));
    expect(await screen.findByText('3 posts by Spam Bot rejected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Flood 1')).not.toBeInTheDocument());
    expect(screen.getByText('Flood 0')).toBeInTheDocument();
    expect(screen.getByText('1 post is waiting for review, oldest first.')).toBeInTheDocument();
  });

  it('is the not-found page when the server says the member is not staff (any more)', async () => {
    api
      .onGet('/api/moderation/pending')
      .reply(403, { error: { code: 'forbidden', message: "Only the church's staff may do this." } });
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: admin });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it("publishes a requester's update under their prayer request, as the moderator saw it", async () => {
    api.onGet('/api/moderation/prayer-updates').reply(200, {
      data: {
        total: 1,
        updates: [
          {
            _id: 'u1',
            text: 'The surgery went well.',
            version: 'v-u1',
            date: new Date().toISOString(),
            prayer: { _id: 'p9', text: 'Pray for my mother’s surgery.' },
            user: author,
          },
        ],
      },
    });
    api.onPost('/api/moderation/prayer-updates/u1/publish').reply(200, { data: { _id: 'u1', status: 'published' } });
    renderWithProviders(<CommunityApp />, { route: '/admin/moderation', preloadedState: editor });
    const group = await screen.findByRole('region', { name: /Updates on prayer requests/ });
    const card = await within(group).findByRole('article', { name: 'prayer update by Ben Okafor' });
    expect(card).toHaveTextContent('On the request: Pray for my mother’s surgery.');
    await userEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(within(group).getByText('None waiting.')).toBeInTheDocument());
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({ version: 'v-u1' });
  });
});
