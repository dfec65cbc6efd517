import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { me } from '../../testing/fixtures';
import { mockCommunityApi } from '../../testing/mockCommunityApi';
import { StoriesPanel } from './StoriesPanel';

const SENT = 'Your post has been sent and will be published soon';

describe('StoriesPanel', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = mockCommunityApi();
  });
  afterEach(() => api.restore());

  const feed = () => screen.getByRole('region', { name: 'Stories from our members' });
  const best = () => screen.getByRole('region', { name: 'Best stories' });
  const davidsStory = () => within(feed()).findByRole('article', { name: 'Story by David Okafor' });

  it('shows the best stories from /api/story/top in a 3-column grid, most liked first, linking to each story', async () => {
    renderWithProviders(<StoriesPanel />);
    const items = await within(best()).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('#1 · 3 likes');
    expect(items[1]).toHaveTextContent('My daughter now leads worship.');
    expect(getComputedStyle(within(best()).getByRole('list')).gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
    expect(within(items[0]).getByRole('link', { name: 'Read the story by David Okafor' })).toHaveAttribute(
      'href',
      '/community?tab=story&story=story-1',
    );
  });

  it('lists stories with author, relative time, like count and comments', async () => {
    renderWithProviders(<StoriesPanel />);
    const story = await davidsStory();
    expect(story).toHaveTextContent('5 hours ago');
    expect(story).toHaveTextContent('3 likes');
    expect(within(story).getByText('1 comment')).toBeInTheDocument();
    expect(within(story).getByText('Praise God!')).toBeInTheDocument();
    expect(story).toHaveAttribute('id', 'story-story-1');
  });

  it('likes and unlikes: the count moves by the number returned and the liked state toggles, in both lists', async () => {
    api.onPost('/api/story/like/story-1').replyOnce(200, 1).onPost('/api/story/like/story-1').replyOnce(200, -1);
    renderWithProviders(<StoriesPanel />, { preloadedState: signedInState() });
    const story = await davidsStory();
    const like = within(story).getByRole('button', { name: /^Liked?$/ });

    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(like).toHaveTextContent(/^Liked$/);
    expect(story).toHaveTextContent('4 likes');
    expect(within(best()).getAllByRole('listitem')[0]).toHaveTextContent('4 likes');
    expect(JSON.parse(api.history.post[0].data)).toEqual({ liked: true });

    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(like).toHaveTextContent(/^Like$/);
    expect(story).toHaveTextContent('3 likes');
    expect(JSON.parse(api.history.post[1].data)).toEqual({ liked: false });
  });

  it('sends one like however fast the member clicks', async () => {
    let answer: (value: [number, unknown]) => void = () => {};
    api.onPost('/api/story/like/story-1').reply(() => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<StoriesPanel />, { preloadedState: signedInState() });
    const like = within(await davidsStory()).getByRole('button', { name: /^Liked?$/ });
    await userEvent.click(like);
    await userEvent.click(like);
    await userEvent.dblClick(like);
    expect(api.history.post).toHaveLength(1);
    answer([200, 1]);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(await davidsStory()).toHaveTextContent('4 likes');
  });

  it('a failed like changes nothing and says so', async () => {
    api.onPost('/api/story/like/story-1').reply(500, {});
    renderWithProviders(<StoriesPanel />, { preloadedState: signedInState() });
    const story = await davidsStory();
    await userEvent.click(within(story).getByRole('button', { name: /^Liked?$/ }));
    expect(await screen.findByText("We couldn't save your like right now. Please try again.")).toBeInTheDocument();
    expect(within(story).getByRole('button', { name: /^Liked?$/ })).toHaveAttribute('aria-pressed', 'false');
    expect(story).toHaveTextContent('3 likes');
  });

  it('opens and closes the comment box with its button (and Cancel)', async () => {
    renderWithProviders(<StoriesPanel />, { preloadedState: signedInState() });
    const story = await davidsStory();
    const toggle = within(story).getByRole('button', { name: 'Comment' });
    expect(within(story).queryByLabelText('Your comment')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(story).getByLabelText('Your comment')).toHaveFocus();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(story).queryByLabelText('Your comment')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    await userEvent.click(within(story).getByRole('button', { name: 'Cancel' }));
    expect(within(story).queryByLabelText('Your comment')).not.toBeInTheDocument();
  });

  it('comments: sends {text, story, user}, clears the box and shows the comment awaiting review', async () => {
    api.onPost('/api/comments/add').reply(201, {
      data: { _id: 'comment-new', text: 'Amen!', date: new Date().toISOString(), user: me, status: 'pending' },
    });
    renderWithProviders(<StoriesPanel />, { preloadedState: signedInState() });
    const story = await davidsStory();
    await userEvent.click(within(story).getByRole('button', { name: 'Comment' }));
    await userEvent.type(within(story).getByLabelText('Your comment'), 'Amen!');
    await userEvent.click(within(story).getByRole('button', { name: 'Post comment' }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(JSON.parse(api.history.post[0].data)).toEqual({ text: 'Amen!', story: 'story-1', user: sampleUser._id });
    expect(within(story).getByLabelText('Your comment')).toHaveValue('');
    expect(within(story).getByText('2 comments')).toBeInTheDocument();
    expect(within(story).getByText('Amen!').closest('li')).toHaveTextContent('Awaiting review');
  });

  it('an empty comment is not sent', async () => {
    renderWithProviders(<StoriesPanel />, { preloadedState: signedInState() });
    const story = await davidsStory();
    await userEvent.click(within(story).getByRole('button', { name: 'Comment' }));
    await userEvent.click(within(story).getByRole('button', { name: 'Post comment' }));
    expect(await within(story).findByText('Please write something first')).toBeInTheDocument();
    expect(api.history.post).toHaveLength(0);
  });

  it('shares a story: clears the input and shows it first, awaiting review, without like or comment controls', async () => {
    api.onPost(`/api/story/add/${sampleUser._id}`).reply(201, {
      data: {
        _id: 'story-new',
        user: me,
        content: 'God healed my son.',
        createdAt: new Date().toISOString(),
        nbLikes: 0,
        userLikesThis: false,
        comments: [],
        status: 'pending',
      },
    });
    renderWithProviders(<StoriesPanel />, { preloadedState: signedInState() });
    await davidsStory();
    await userEvent.type(screen.getByLabelText('Your story'), 'God healed my son.');
    await userEvent.click(screen.getByRole('button', { name: 'Share story' }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(JSON.parse(api.history.post[0].data)).toEqual({ content: 'God healed my son.' });
    expect(screen.getByLabelText('Your story')).toHaveValue('');
    const first = within(feed()).getAllByRole('article')[0];
    expect(first).toHaveAccessibleName('Story by Ada Lovelace');
    expect(first).toHaveTextContent('Awaiting review');
    expect(within(first).queryByRole('button', { name: /^Liked?$/ })).not.toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Comment' })).not.toBeInTheDocument();
  });
});
