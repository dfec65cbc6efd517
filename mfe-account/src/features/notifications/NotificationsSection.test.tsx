import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import type { PushSettings } from '@ministry/shared/types';
import { NotificationsSection } from './NotificationsSection';

const off: PushSettings = {
  topics: { devotional: false, reminders: false, prayed: false, sermons: false, announcements: false },
  devotionalTime: '07:00',
  browsers: 0,
  thisBrowser: false,
};

describe('NotificationsSection', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('shows every topic off, turns one on, and picks the devotional time', async () => {
    api.onGet('/api/push').reply(200, { data: off });
    api
      .onPut('/api/push/topics')
      .replyOnce(200, { data: { ...off, topics: { ...off.topics, devotional: true } } })
      .onPut('/api/push/topics')
      .replyOnce(200, { data: { ...off, topics: { ...off.topics, devotional: true }, devotionalTime: '06:30' } });
    renderWithProviders(<NotificationsSection number="09" />);
    const devotional = await screen.findByRole('checkbox', { name: "The day's devotional, at the time I choose" });
    await waitFor(() => expect(devotional).toBeEnabled());
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
    // jsdom has no push: the member is told, and may still choose topics.
    expect(screen.getByText(/cannot show notifications/)).toBeInTheDocument();

    await userEvent.click(devotional);
    await waitFor(() => expect(devotional).toBeChecked());
    expect(JSON.parse(api.history.put[0]!.data as string)).toEqual({ devotional: true });

    const time = screen.getByLabelText(/^At/);
    await userEvent.clear(time);
    await userEvent.type(time, '06:30');
    await userEvent.tab();
    await waitFor(() => expect(api.history.put).toHaveLength(2));
    expect(JSON.parse(api.history.put[1]!.data as string)).toEqual({ devotionalTime: '06:30' });
  });

  it('names the topic a notification\'s "stop" link came for', async () => {
    api.onGet('/api/push').reply(200, { data: { ...off, topics: { ...off.topics, sermons: true } } });
    renderWithProviders(<NotificationsSection number="09" />, { route: '/profile?notifications=sermons' });
    expect(await screen.findByText('To stop these notifications, turn off “A new sermon” below.')).toBeInTheDocument();
  });
});
