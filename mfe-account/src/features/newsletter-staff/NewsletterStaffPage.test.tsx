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

  it('"Reschedule" moves the moment either way; "Send now" asks first, then sends and says it is going out', async () => {
    api.onGet('/api/admin/newsletter').reply(200, overview());
    api.onPut('/api/admin/newsletter').reply(200, overview());
    const sending = overview();
    sending.data.upcoming.status = 'sending';
    api.onPost('/api/admin/newsletter/send').reply(200, sending);
    renderWithProviders(<NewsletterStaffPage />);
    expect(await screen.findByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Postpone' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Send at/), { target: { value: '2026-11-26T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(
      await screen.findByText(/The newsletter is rescheduled: it goes out Thursday 26 November 2026, 09:30\./),
    ).toBeInTheDocument();
    expect(api.history.put).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Send now…' }));
    expect(api.history.post).toHaveLength(0);
    expect(screen.getByRole('group', { name: 'Send now?' })).toHaveTextContent(
      'Send this week’s newsletter now to 42 confirmed subscribers?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('group', { name: 'Send now?' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send now…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, send it now' }));
    expect(await screen.findByText('This week’s newsletter is going out now.')).toBeInTheDocument();
    expect(api.history.post).toHaveLength(1);
    expect(api.history.post[0]!.url).toBe('/api/admin/newsletter/send');
    expect(screen.queryByRole('button', { name: 'Send now…' })).not.toBeInTheDocument();
  });
});
