import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import type { MyPost } from '@ministry/shared/types';
import { CommunityApp } from '../../testing/CommunityApp';

const now = Date.now();
const posts: MyPost[] = [
  {
    _id: 'p1',
    kind: 'prayers',
    text: 'Pray for my exams.',
    status: 'pending',
    date: new Date(now - 60_000).toISOString(),
    reason: null,
    anonymous: true,
  },
  {
    _id: 's1',
    kind: 'stories',
    text: 'God gave me work.',
    status: 'published',
    date: new Date(now - 3_600_000).toISOString(),
    reason: null,
  },
  {
    _id: 'c1',
    kind: 'comments',
    text: 'Buy watches here',
    status: 'rejected',
    date: new Date(now - 7_200_000).toISOString(),
    reason: 'Advertising is not allowed.',
    story: { _id: 's9', excerpt: 'Last year I lost my business' },
  },
];

describe('MyPostsPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/community/mine').reply(200, { data: posts });
  });
  afterEach(() => api.restore());

  const renderPage = () =>
    renderWithProviders(<CommunityApp />, { route: '/community/my-posts', preloadedState: signedInState() });

  it('sends a signed-out visitor to log in', async () => {
    renderWithProviders(<CommunityApp />, { route: '/community/my-posts' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
  });

  it("lists each post with its state, and the moderator's reason for one not published", async () => {
    renderPage();
    const waiting = await screen.findByRole('article', { name: 'Prayer request, waiting for review' });
    expect(waiting).toHaveTextContent('Posted without your name');
    expect(within(waiting).getByRole('button', { name: 'Edit this prayer request' })).toBeInTheDocument();
    const published = screen.getByRole('article', { name: 'Story, published' });
    expect(within(published).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    const rejected = screen.getByRole('article', { name: 'Comment, not published' });
    expect(rejected).toHaveTextContent("The moderator's reason: Advertising is not allowed.");
    expect(rejected).toHaveTextContent('On the story: Last year I lost my business…');
  });

  it('corrects a post while it waits, with the rules of posting', async () => {
    api.onPut('/api/community/mine/prayers/p1').reply(200, { data: { ok: true, status: 'pending' } });
    renderPage();
    const waiting = await screen.findByRole('article', { name: 'Prayer request, waiting for review' });
    await userEvent.click(within(waiting).getByRole('button', { name: 'Edit this prayer request' }));
    const box = within(waiting).getByLabelText('Your prayer request');
    await userEvent.clear(box);
    await userEvent.click(within(waiting).getByRole('button', { name: 'Save' }));
    expect(within(waiting).getByText('Please write something first')).toBeInTheDocument();
    await userEvent.type(box, 'Pray for my exams on Friday.');
    await userEvent.click(within(waiting).getByRole('button', { name: 'Save' }));
    expect(await within(waiting).findByText('Pray for my exams on Friday.')).toBeInTheDocument();
    expect(JSON.parse(api.history.put[0].data)).toEqual({ text: 'Pray for my exams on Friday.' });
  });

  it('corrects a post not published and sends it again for review', async () => {
    api.onPut('/api/community/mine/comments/c1').reply(200, { data: { ok: true, status: 'pending' } });
    renderPage();
    const rejected = await screen.findByRole('article', { name: 'Comment, not published' });
    expect(rejected).toHaveTextContent('You can correct it and send it again for review.');
    await userEvent.click(within(rejected).getByRole('button', { name: 'Correct and resend this comment' }));
    const box = within(rejected).getByLabelText('Your comment');
    await userEvent.clear(box);
    await userEvent.type(box, 'What a testimony, thank you.');
    await userEvent.click(within(rejected).getByRole('button', { name: 'Send for review' }));
    const waiting = await screen.findByRole('article', { name: 'Comment, waiting for review' });
    expect(waiting).toHaveTextContent('What a testimony, thank you.');
    expect(waiting).not.toHaveTextContent("The moderator's reason");
    expect(screen.getByText('Your comment is sent again: a moderator will review it.')).toBeInTheDocument();
    expect(JSON.parse(api.history.put[0].data)).toEqual({ text: 'What a testimony, thank you.' });
  });

  it("deletes a post after asking in the site's dialog", async () => {
    api.onDelete('/api/community/mine/stories/s1').reply(200, { data: { ok: true } });
    renderPage();
    const published = await screen.findByRole('article', { name: 'Story, published' });
    await userEvent.click(within(published).getByRole('button', { name: 'Delete this story' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this story?' });
    expect(dialog).toHaveTextContent('with its likes and comments');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('God gave me work.')).not.toBeInTheDocument());
    expect(api.history.delete).toHaveLength(1);
  });
});
