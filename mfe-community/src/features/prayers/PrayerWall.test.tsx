import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { initialCommunityState } from '@ministry/shared/store';
import { POST_MAX } from '@ministry/shared/limits';
import { me, pageOf } from '../../testing/fixtures';
import { mockCommunityApi } from '../../testing/mockCommunityApi';
import { forgetPostingState } from '../community/usePostingStopped';
import { PrayerWall } from './PrayerWall';

const SENT = 'Your post has been sent and will be published soon';
const FAILED = "We couldn't publish your post right now, please try again later";
const url = `/api/prayers/add/${sampleUser._id}`;

describe('PrayerWall', () => {
  let api: MockAdapter;
  beforeEach(() => {
    forgetPostingState();
    api = mockCommunityApi();
  });
  afterEach(() => api.restore());

  const box = () => screen.getByLabelText('Your prayer request');
  /** Renders for a signed-in member and waits for the wall to load. */
  async function renderSignedIn() {
    const result = renderWithProviders(<PrayerWall />, { preloadedState: signedInState() });
    await screen.findByText('Pray for our youth camp.');
    return result;
  }
  const post = () => userEvent.click(screen.getByRole('button', { name: 'Post prayer' }));

  it('lists the prayers with author and relative time', async () => {
    renderWithProviders(<PrayerWall />);
    const list = await screen.findByRole('list', { name: 'Prayer requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Esther Mensah');
    expect(items[0]).toHaveTextContent('3 hours ago');
    expect(items[1]).toHaveTextContent('David Okafor');
    expect(items[1]).toHaveTextContent('a day ago');
    // A prayer posted without a name says "Anonymous" and nothing else about its author.
    expect(items[2]).toHaveTextContent(/^Anonymous2 days ago/);
  });

  it('"I prayed" sends a signed-out visitor to log in and back to the same prayer', async () => {
    renderWithProviders(<PrayerWall />);
    const list = await screen.findByRole('list', { name: 'Prayer requests' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('2 people prayed')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /I prayed/ })).toHaveAttribute(
      'href',
      '/login?next=%2Fcommunity%23prayer-prayer-1',
    );
  });

  it('a member reports a prayer with a reason; it leaves the wall for the moderators', async () => {
    api.onPost('/api/community/report/prayers/prayer-2').reply(200, { data: { ok: true } });
    await renderSignedIn();
    const card = screen.getByText('Pray for our youth camp.').closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Report this prayer request' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this prayer request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByText('Please say what is wrong with this post')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('What is wrong with it?'), 'Not a prayer request');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thank you. Our moderators will look at it.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Pray for our youth camp.')).not.toBeInTheDocument());
    expect(JSON.parse(api.history.post[0].data)).toEqual({ reason: 'Not a prayer request' });
  });

  it('an admin hides a published prayer, with a reason for its author', async () => {
    api
      .onPost('/api/moderation/prayers/prayer-2/reject')
      .reply(200, { data: { _id: 'prayer-2', kind: 'prayers', status: 'rejected' } });
    renderWithProviders(<PrayerWall />, { preloadedState: signedInState({ ...sampleUser, role: 'admin' }) });
    const card = (await screen.findByText('Pray for our youth camp.')).closest('li')!;
    expect(within(card).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Hide this prayer request' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this prayer request' });
    await userEvent.type(within(dialog).getByLabelText('Reason for the author (optional)'), 'Names a child');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide and tell the author' }));
    expect(await screen.findByText('The prayer request is hidden; its author is told by e-mail.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Pray for our youth camp.')).not.toBeInTheDocument());
    expect(JSON.parse(api.history.post[0].data)).toEqual({ reason: 'Names a child' });
  });

  it('"I prayed" counts the member once and a second press takes it back', async () => {
    api.onPost('/api/prayers/prayer-1/prayed').replyOnce(200, { data: { prayedCount: 3, iPrayed: true } });
    api.onPost('/api/prayers/prayer-1/prayed').replyOnce(200, { data: { prayedCount: 2, iPrayed: false } });
    await renderSignedIn();
    const first = within(screen.getByRole('list', { name: 'Prayer requests' })).getAllByRole('listitem')[0]!;
    const button = within(first).getByRole('button', { name: 'I prayed' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(await within(first).findByText('3 people prayed')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '✓ I prayed' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(first).getByRole('button', { name: '✓ I prayed' }));
    expect(await within(first).findByText('2 people prayed')).toBeInTheDocument();
    expect(api.history.post.map((r) => JSON.parse(r.data))).toEqual([{ prayed: true }, { prayed: false }]);
  });

  it("posts a prayer without the member's name when asked, and marks it for its author", async () => {
    api.onPost(url).reply(201, {
      data: {
        _id: 'prayer-anon',
        user: me,
        date: new Date().toISOString(),
        text: 'Pray for my job.',
        status: 'pending',
        anonymous: true,
        prayedCount: 0,
        iPrayed: false,
      },
    });
    await renderSignedIn();
    await userEvent.type(box(), 'Pray for my job.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Post without my name' }));
    await post();
    const mine = (await screen.findByText('Pray for my job.')).closest('li')!;
    expect(mine).toHaveTextContent('Posted without your name');
    expect(JSON.parse(api.history.post[0].data)).toEqual({ text: 'Pray for my job.', anonymous: true });
    expect(screen.getByRole('checkbox', { name: 'Post without my name' })).not.toBeChecked();
  });

  it('says so when there are no prayers yet', async () => {
    api.onGet('/api/prayers/').reply(200, pageOf([]));
    renderWithProviders(<PrayerWall />);
    expect(await screen.findByText('No prayer requests yet. Be the first to share one.')).toBeInTheDocument();
  });

  it('posts a prayer: clears the input, shows it awaiting review, notifies top-right and sets then clears the flags after 6 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      api.onPost(url).reply(201, {
        data: { _id: 'prayer-new', user: me, date: new Date().toISOString(), text: 'Pray for my exams.', status: 'pending' },
      });
      const { store } = await renderSignedIn();
      await userEvent.type(box(), '  Pray for my exams.  ');
      await post();

      const toast = await screen.findByText(SENT);
      expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
      // It closes itself after 6 seconds (react-toastify times it with its progress bar).
      expect(within(toast).getByRole('progressbar', { hidden: true })).toHaveStyle({ animationDuration: '6000ms' });
      expect(JSON.parse(api.history.post[0].data)).toEqual({ text: 'Pray for my exams.', anonymous: false });
      expect(box()).toHaveValue('');
      const mine = screen.getByText('Pray for my exams.').closest('li')!;
      expect(mine).toHaveTextContent('Awaiting review');
      expect(mine).toHaveTextContent('Ada Lovelace');
      expect(store.getState().community).toEqual({ addCommunity: true, loadCommunity: false, failCommunity: false });

      act(() => jest.advanceTimersByTime(6000));
      await waitFor(() => expect(store.getState().community).toEqual(initialCommunityState));
    } finally {
      jest.useRealTimers();
    }
  });

  it('sets the load flag while the post is on its way', async () => {
    let answer: (value: [number, unknown]) => void = () => {};
    api.onPost(url).reply(() => new Promise((resolve) => (answer = resolve)));
    const { store } = await renderSignedIn();
    await userEvent.type(box(), 'Hello');
    await post();
    await waitFor(() => expect(store.getState().community.loadCommunity).toBe(true));
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    answer([201, { data: { _id: 'p', user: me, date: new Date().toISOString(), text: 'Hello', status: 'pending' } }]);
    await waitFor(() => expect(store.getState().community.addCommunity).toBe(true));
  });

  it('a failure keeps the text, warns at the bottom centre and sets the fail flag', async () => {
    api.onPost(url).reply(500, { error: { code: 'internal', message: 'Oops' } });
    const { store } = await renderSignedIn();
    await userEvent.type(box(), 'Pray for rain');
    await post();
    const toast = await screen.findByText(FAILED);
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--bottom-center');
    expect(toast).toHaveClass('Toastify__toast--warning');
    expect(within(toast).getByRole('progressbar', { hidden: true })).toHaveStyle({ animationDuration: '6000ms' });
    expect(box()).toHaveValue('Pray for rain');
    expect(store.getState().community).toMatchObject({ failCommunity: true, loadCommunity: false });
  });

  it('checks for nothing and for too much before sending, with the message under the field', async () => {
    await renderSignedIn();
    await post();
    expect(await screen.findByText('Please write something first')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(box(), '   ');
    await post();
    expect(await screen.findByText('Please write something first')).toBeInTheDocument();
    await userEvent.clear(box());
    await userEvent.click(box());
    await userEvent.paste('x'.repeat(POST_MAX + 1));
    await post();
    expect(await screen.findByText(`Must be at most ${POST_MAX} characters`)).toBeInTheDocument();
    expect(api.history.post).toHaveLength(0);
  });

  it("shows the server's 400 message under the field, and a 401 as an ended session", async () => {
    api
      .onPost(url)
      .replyOnce(400, { error: { code: 'bad_request', message: 'Bad', fields: { text: 'Please write something first' } } });
    api.onPost(url).replyOnce(401, { error: { code: 'unauthorized', message: 'Please log in first.' } });
    await renderSignedIn();
    await userEvent.type(box(), '<b></b>');
    await post();
    expect(await screen.findByText('Please write something first')).toBeInTheDocument();
    await userEvent.type(box(), 'Hello');
    await post();
    expect(await screen.findByText('Your session has ended. Please log in again to post.')).toBeInTheDocument();
    expect(screen.queryByText(FAILED)).not.toBeInTheDocument();
  });

  it("shows why a member may not post now, the server's own words: the posting limit, an unconfirmed address", async () => {
    const limit = 'You have posted 20 times in the last hour. Please wait a while before posting again.';
    const unconfirmed = 'Please confirm your e-mail address first: open the link we sent you (your profile can send it again).';
    api.onPost(url).replyOnce(429, { error: { code: 'too_many_posts', message: limit } });
    api.onPost(url).replyOnce(403, { error: { code: 'email_not_verified', message: unconfirmed } });
    await renderSignedIn();
    await userEvent.type(box(), 'Please pray for us');
    await post();
    expect(await screen.findByText(limit)).toBeInTheDocument();
    expect(box()).toHaveValue('Please pray for us');
    await post();
    expect(await screen.findByText(unconfirmed)).toBeInTheDocument();
    expect(screen.queryByText(FAILED)).not.toBeInTheDocument();
  });

  it('tells a member a moderator stopped that they cannot post, in place of the form, before they type', async () => {
    api.onGet('/api/community/mine/posting').reply(200, { data: { stopped: true } });
    await renderSignedIn();
    expect(await screen.findByRole('note')).toHaveTextContent('A moderator has stopped your account from posting');
    expect(screen.queryByLabelText('Your prayer request')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post prayer' })).not.toBeInTheDocument();
  });

  it('a stop made while the page was open: the refusal replaces the form with the same words', async () => {
    api.onPost(url).replyOnce(403, { error: { code: 'posting_stopped', message: 'A moderator has stopped this account.' } });
    await renderSignedIn();
    await userEvent.type(box(), 'Please pray for us');
    await post();
    expect(await screen.findByRole('note')).toHaveTextContent('A moderator has stopped your account from posting');
    expect(screen.queryByLabelText('Your prayer request')).not.toBeInTheDocument();
  });
});
