import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import type { Prayer } from '@ministry/shared/types';
import { me, pageOf, prayers, story } from '../../testing/fixtures';
import { mockCommunityApi } from '../../testing/mockCommunityApi';
import { StoriesPanel, storyFromPrayer } from '../stories/StoriesPanel';
import { PrayerWall } from './PrayerWall';

const minePublished: Prayer = {
  _id: 'prayer-mine',
  user: me,
  date: new Date(Date.now() - 3_600_000).toISOString(),
  text: 'Pray that I find work.',
  status: 'published',
  anonymous: false,
  prayedCount: 4,
  iPrayed: false,
  answered: null,
  storyId: null,
};

const answeredPrayer: Prayer = { ...minePublished, answered: { date: new Date().toISOString(), note: 'I start on Monday!' } };

describe('answered prayers', () => {
  let api: MockAdapter;
  afterEach(() => api.restore());

  it('the requester marks a prayer answered with a note, then is invited to tell the story', async () => {
    api = mockCommunityApi((a) => a.onGet('/api/prayers/').replyOnce(200, pageOf([minePublished, ...prayers])));
    api.onPost('/api/prayers/prayer-mine/answered').reply(200, { data: answeredPrayer });
    renderWithProviders(<PrayerWall />, { preloadedState: signedInState() });
    const card = (await screen.findByText('Pray that I find work.')).closest('li')!;
    // Only the requester is offered it.
    const others = within(screen.getByRole('list', { name: 'Prayer requests' }))
      .getAllByRole('listitem')
      .slice(1);
    for (const other of others) expect(within(other).queryByRole('button', { name: 'Mark as answered' })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Mark as answered' }));
    await userEvent.type(within(card).getByLabelText('How was it answered? (optional)'), 'I start on Monday!');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark answered' }));
    expect(await within(card).findByText('Answered')).toBeInTheDocument();
    expect(card).toHaveTextContent('Answered · I start on Monday!');
    expect(JSON.parse(api.history.post[0].data)).toEqual({ note: 'I start on Monday!' });
    expect(within(card).getByRole('link', { name: 'Tell the church the story' })).toHaveAttribute(
      'href',
      '/community?tab=story&prayer=prayer-mine',
    );
  });

  it('an answered prayer with a published story links to it', async () => {
    api = mockCommunityApi((a) => a.onGet('/api/prayers/').replyOnce(200, pageOf([{ ...answeredPrayer, storyId: 'story-9' }])));
    renderWithProviders(<PrayerWall />);
    const card = (await screen.findByText('Pray that I find work.')).closest('li')!;
    expect(within(card).getByRole('link', { name: 'Read the story' })).toHaveAttribute(
      'href',
      '/community?tab=story&story=story-9',
    );
    expect(within(card).queryByRole('link', { name: 'Tell the church the story' })).not.toBeInTheDocument();
  });

  it('the story form opens prefilled and linked to the answered prayer; the story carries the badge', async () => {
    api = mockCommunityApi((a) => a.onGet('/api/prayers/').replyOnce(200, pageOf([answeredPrayer, ...prayers])));
    api.onGet('/api/prayers/prayer-mine').reply(200, { data: answeredPrayer });
    api.onPost(`/api/story/add/${sampleUser._id}`).reply(201, {
      data: story({
        _id: 'story-new',
        user: me,
        content: 'God gave me work.',
        status: 'pending',
        answeredPrayer: 'prayer-mine',
      }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/community" element={<StoriesPanel />} />
      </Routes>,
      { preloadedState: signedInState(), route: '/community?tab=story&prayer=prayer-mine' },
    );
    expect(await screen.findByRole('note')).toHaveTextContent('Your story will be linked to your answered prayer.');
    const box = screen.getByLabelText('Your story');
    expect((box as HTMLTextAreaElement).value).toMatch(
      /^I asked the church to pray: "Pray that I find work."\n\nGod answered: I start on Monday!\n\n$/,
    );
    expect(screen.getByRole('note')).not.toHaveTextContent('posted without your name');
    await userEvent.type(box, 'a job near home.');
    await userEvent.click(screen.getByRole('button', { name: 'Share story' }));
    expect(JSON.parse(api.history.post[0].data)).toMatchObject({ prayer: 'prayer-mine' });
    const posted = (await screen.findByText('God gave me work.')).closest('article')!;
    expect(within(posted).getByRole('link', { name: 'Answered prayer' })).toHaveAttribute(
      'href',
      '/community?prayer=prayer-mine',
    );
    // The note goes once the form has moved on (a navigation): wait for it.
    await waitFor(() => expect(screen.queryByRole('note')).not.toBeInTheDocument());
  });

  it('without a note, the prefilled story says the prayer was answered, never an empty "God answered: "', () => {
    const text = storyFromPrayer({ ...answeredPrayer, answered: { ...answeredPrayer.answered!, note: '' } });
    expect(text).toBe('I asked the church to pray: "Pray that I find work."\n\nGod answered my prayer.\n\n');
    expect(text).not.toMatch(/God answered: /);
  });

  it("warns that linking a story to a prayer posted without a name shows it was the member's", async () => {
    api = mockCommunityApi((a) => a.onGet('/api/prayers/').replyOnce(200, pageOf([{ ...answeredPrayer, anonymous: true }])));
    api.onGet('/api/prayers/prayer-mine').reply(200, { data: { ...answeredPrayer, anonymous: true } });
    renderWithProviders(
      <Routes>
        <Route path="/community" element={<StoriesPanel />} />
      </Routes>,
      { preloadedState: signedInState(), route: '/community?tab=story&prayer=prayer-mine' },
    );
    expect(await screen.findByRole('note')).toHaveTextContent('the link will show the church family it was yours');
    await userEvent.click(screen.getByRole('button', { name: 'Do not link it' }));
    // The note goes once the form has moved on (a navigation): wait for it.
    await waitFor(() => expect(screen.queryByRole('note')).not.toBeInTheDocument());
  });
});
