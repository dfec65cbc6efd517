import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Route, Routes } from 'react-router-dom';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import { PrayerMailOffPage } from './PrayerMailOffPage';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

function renderPage(query = '') {
  return renderWithProviders(
    <Routes>
      <Route path="/community/prayer-mail-off/:token" element={<PrayerMailOffPage />} />
    </Routes>,
    { route: `/community/prayer-mail-off/${TOKEN}${query}` },
  );
}

describe('PrayerMailOffPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => api.restore());

  it('stops the e-mails with one press (not on opening the link), without signing in', async () => {
    api.onPost('/api/prayers/mail-off').reply(200, { data: { ok: true } });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Stop prayer e-mails?' })).toBeInTheDocument();
    expect(api.history.post).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We will no longer e-mail you when members pray for your requests.',
    );
    expect(JSON.parse(api.history.post[0].data)).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
  });

  it('says so when the link is unknown', async () => {
    api.onPost('/api/prayers/mail-off').reply(404, { error: { code: 'not_found', message: 'That link was not found.' } });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('It may have been copied only in part.');
  });

  it("a weekly summary's link stops that request's summary only", async () => {
    api.onPost('/api/prayers/summary-off').reply(200, { data: { ok: true } });
    renderPage('?summary=1');
    expect(screen.getByRole('heading', { name: 'Stop the weekly summary?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop the weekly summary' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We will no longer send you the weekly summary for this request.',
    );
    expect(JSON.parse(api.history.post[0].data)).toEqual({ token: TOKEN });
    expect(api.history.post[0].url).toBe('/api/prayers/summary-off');
  });
});
