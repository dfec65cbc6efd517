import { fireEvent, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import { NewsletterStaffPage } from './NewsletterStaffPage';

const overview = (intro = '') => ({
  data: {
    upcoming: {
      week: '2026-11-27',
      sendAt: '2026-11-27T12:00:00.000Z',
      status: 'planned',
      intro,
      subject: 'Luminaries this week: November 27, 2026',
      html: `<p>${intro}</p>`,
      since: '2026-11-20T12:00:00.000Z',
      recipients: 42,
      counts: { devotionals: 7, events: 3, news: 1 },
    },
    past: [
      {
        id: 'i1',
        week: '2026-11-20',
        status: 'sent',
        subject: 'Last week',
        startedAt: '2026-11-20T12:00:00.000Z',
        finishedAt: '2026-11-20T12:01:00.000Z',
        recipients: 40,
        sent: 39,
        failed: 1,
      },
    ],
  },
});

describe('NewsletterStaffPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => api.restore());

  it('shows the week, saves the opening paragraph, sends a test and lists past sends with failures', async () => {
    api.onGet('/api/admin/newsletter').reply(200, overview());
    api
      .onPut('/api/admin/newsletter')
      .reply((config) => [200, overview((JSON.parse(config.data as string) as { intro: string }).intro)]);
    api
      .onPost('/api/admin/newsletter/test')
      .reply(200, { data: { email: 'me@example.org', message: 'A test was sent to me@example.org.' } });
    renderWithProviders(<NewsletterStaffPage />);
    expect(await screen.findByText(/to 42 confirmed subscribers/)).toBeInTheDocument();
    expect(screen.getByTitle("Preview of this week's newsletter")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Opening paragraph'), { target: { value: 'Dear friends' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the opening paragraph' }));
    await waitFor(() => expect(api.history.put).toHaveLength(1));
    expect(JSON.parse(api.history.put[0]!.data as string)).toEqual({ intro: 'Dear friends' });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a test' }));
    expect(await screen.findByText('A test was sent to me@example.org.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Past newsletters' });
    expect(table).toHaveTextContent('40');
    expect(table).toHaveTextContent('1');
  });
});
