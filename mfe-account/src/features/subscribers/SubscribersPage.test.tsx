import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { AccountApp } from '../../testing/routes';

const admin = signedInState({ ...sampleUser, role: 'admin' });
const page = (q?: string) => ({
  items: q
    ? [{ email: 'ruth@example.org', since: '2026-11-20T15:30:00.000Z' }]
    : [
        { email: 'ruth@example.org', since: '2026-11-20T15:30:00.000Z' },
        { email: 'boaz@example.org', since: '2026-11-19T09:00:00.000Z' },
      ],
  total: q ? 1 : 2,
  all: 2,
  page: 1,
  pageSize: 50,
});

describe('SubscribersPage', () => {
  let api: MockAdapter;
  const created: Blob[] = [];
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/admin/subscribers').reply((config) => [200, { data: page(config.params?.q) }]);
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:subscribers';
    });
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => api.restore());

  it('lists the subscribers with since when, counts them, and finds them by address', async () => {
    renderWithProviders(<AccountApp />, { route: '/admin/subscribers', preloadedState: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Newsletter subscribers' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /ruth@example.org/ })).toHaveTextContent('20 Nov 2026, 10:30');
    expect(screen.getByText('2 subscribers.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find an address' }), 'ruth{Enter}');
    expect(await screen.findByText('1 subscriber matches “ruth”, of 2.')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /boaz/ })).not.toBeInTheDocument();
  });

  it('downloads the list as the CSV file the server makes, named as it says', async () => {
    api.onGet('/api/admin/subscribers.csv').reply(200, '"E-mail","Subscribed"\r\n', {
      'content-disposition': 'attachment; filename="newsletter-subscribers-2026-11-25.csv"',
    });
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    renderWithProviders(<AccountApp />, { route: '/admin/subscribers?q=ruth', preloadedState: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Download these (CSV)' }));
    await screen.findByRole('button', { name: 'Download these (CSV)' });
    expect(clicked).toEqual(['newsletter-subscribers-2026-11-25.csv blob:subscribers']);
    expect(api.history.get.find((r) => r.url === '/api/admin/subscribers.csv')?.params).toEqual({ q: 'ruth' });
    click.mockRestore();
  });
});
