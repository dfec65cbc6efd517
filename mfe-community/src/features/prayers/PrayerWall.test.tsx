import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { initialCommunityState } from '@ministry/shared/store';
import { POST_MAX } from '@ministry/shared/validation';
import { me } from '../../testing/fixtures';
import { mockCommunityApi } from '../../testing/mockCommunityApi';
import { PrayerWall } from './PrayerWall';

const SENT = 'Your post has been sent and will be published soon';
const FAILED = "We couldn't publish your post right now, please try again later";
const url = `/api/prayers/add/${sampleUser._id}`;

describe('PrayerWall', () => {
  let api: MockAdapter;
  beforeEach(() => {
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
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Esther Mensah');
    expect(items[0]).toHaveTextContent('3 hours ago');
    expect(items[1]).toHaveTextContent('David Okafor');
    expect(items[1]).toHaveTextContent('a day ago');
  });

  it('says so when there are no prayers yet', async () => {
    api.onGet('/api/prayers/').reply(200, { data: [] });
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
      expect(JSON.parse(api.history.post[0].data)).toEqual({ text: 'Pray for my exams.' });
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
    api.onPost(url).replyOnce(400, { error: { code: 'bad_request', message: 'Bad', fields: { text: 'Please write something first' } } });
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
});
