import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import { AnnouncementsPage } from './AnnouncementsPage';

describe('AnnouncementsPage', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('previews the notification, then sends it and lists it', async () => {
    api.onGet('/api/admin/announcements').reply(200, { data: { audience: 12, announcements: [] } });
    const words = { title: 'Potluck', body: 'Bring a dish.', url: '/events' };
    api.onPost('/api/admin/announcements/preview').reply(200, { data: { ...words, stopUrl: '/profile', audience: 12 } });
    api.onPost('/api/admin/announcements').reply(201, {
      data: { _id: 'a1', ...words, sentBy: 'Stella Staff', recipients: 12, createdAt: new Date().toISOString() },
    });
    renderWithProviders(<AnnouncementsPage />);
    await userEvent.type(await screen.findByLabelText(/^Title/), words.title);
    await userEvent.type(screen.getByLabelText(/^Message/), words.body);
    await userEvent.type(screen.getByLabelText(/^Link/), words.url);
    expect(screen.queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Goes to 12 members now. It cannot be called back once sent.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send to 12 members' }));
    await waitFor(() => expect(api.history.post).toHaveLength(2));
    expect(JSON.parse(api.history.post[1]!.data as string)).toEqual(words);
    expect(await screen.findByRole('table', { name: 'Sent announcements' })).toHaveTextContent('Stella Staff');
  });
});
