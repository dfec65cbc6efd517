import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import { me, pageOf, prayers } from '../../testing/fixtures';
import { mockCommunityApi } from '../../testing/mockCommunityApi';
import { forgetPostingState } from '../community/usePostingStopped';
import { PrayerWall } from './PrayerWall';

const mine = { ...prayers[0]!, _id: 'prayer-mine', user: me, text: 'Pray for my exams next week.' };
const published = (id: string, text: string) => ({
  _id: `update-${id}`,
  prayer: id,
  text,
  status: 'published',
  date: new Date().toISOString(),
  reason: null,
});

describe('prayer updates on the wall', () => {
  let api: MockAdapter;
  beforeEach(() => {
    forgetPostingState();
    api = mockCommunityApi();
    api.onGet('/api/prayers/').reply(200, pageOf([mine, ...prayers]));
    api.onGet('/api/prayers/updates').reply((config) => [
      200,
      {
        data: {
          updates: { 'prayer-1': [published('prayer-1', 'The surgery went well, thank you all!')] },
          summaryMail: String(config.params.ids).includes('prayer-mine') ? { 'prayer-mine': true } : {},
        },
      },
    ]);
  });
  afterEach(() => api.restore());

  it("shows the requester's updates under a prayer to everyone", async () => {
    renderWithProviders(<PrayerWall />);
    const updates = await screen.findByRole('list', { name: 'Updates from the requester' });
    expect(updates).toHaveTextContent('The surgery went well, thank you all!');
    // Only a requester may post one.
    expect(screen.queryByRole('button', { name: 'Post an update' })).not.toBeInTheDocument();
    expect(api.history.get.find((r) => r.url === '/api/prayers/updates')!.params.ids).toBe(
      'prayer-mine,prayer-1,prayer-2,prayer-3',
    );
  });

  it('the requester posts an update (it waits for review) and turns the weekly summary off', async () => {
    api.onPost('/api/prayers/prayer-mine/updates').reply(201, {
      data: { ...published('prayer-mine', 'Exams done, results in July.'), status: 'pending' },
    });
    api.onPut('/api/prayers/prayer-mine/summary').reply(200, { data: { summaryMail: false } });
    renderWithProviders(<PrayerWall />, { preloadedState: signedInState() });
    const card = (await screen.findByText('Pray for my exams next week.')).closest('li')!;
    const weekly = await within(card).findByRole('checkbox', { name: 'Weekly summary by e-mail' });
    expect(weekly).toBeChecked();
    await userEvent.click(weekly);
    expect(JSON.parse(api.history.put[0]!.data)).toEqual({ on: false });
    expect(weekly).not.toBeChecked();

    await userEvent.click(within(card).getByRole('button', { name: 'Post an update' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Post update' }));
    expect(within(card).getByText('Please write something first')).toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText('Your update for those praying'), 'Exams done, results in July.');
    await userEvent.click(within(card).getByRole('button', { name: 'Post update' }));
    const list = await within(card).findByRole('list', { name: 'Updates from the requester' });
    expect(list).toHaveTextContent('Exams done, results in July.');
    expect(list).toHaveTextContent('waiting for review');
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({ text: 'Exams done, results in July.' });
  });
});
