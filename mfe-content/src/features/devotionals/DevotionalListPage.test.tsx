import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { listSummary } from '@ministry/shared/format';
import { renderWithProviders } from '@ministry/shared/testing';
import ContentRoutes from '../../routes';
import { makeDevotionals } from '../../testing/fixtures';

const list = makeDevotionals(14);

describe('devotional lists', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('/daily-devotion shows cards with date, image, title, tag, weekday, an 80-character summary and Read More, and View All', async () => {
    api.onGet('/api/devotionals').reply(200, { data: list });
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion' });
    expect(screen.getByRole('heading', { level: 1, name: 'Daily Devotion' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(9);
    const first = within(cards[0]);
    expect(first.getByText('Nov 22, 2026')).toBeInTheDocument();
    expect(first.getByText(/Sunday/)).toBeInTheDocument();
    expect(first.getByRole('heading', { name: 'Devotional 1' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'More devotionals about Faith' })).toHaveTextContent('Faith');
    expect(cards[0].querySelector('img')).toHaveAttribute('src', '/media/devotional-1.svg');
    const summary = listSummary(list[0].detail);
    expect(summary.length).toBeLessThanOrEqual(81);
    expect(first.getByText(summary)).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Read More about Devotional 1' })).toHaveAttribute('href', '/devotional-detail/devotional-1');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/daily-devotion/all');
    expect(within(screen.getByRole('navigation', { name: 'Devotionals by tag' })).getAllByRole('link').map((a) => a.textContent)).toEqual(['Faith', 'Hope', 'Love']);
  });

  it('/daily-devotion always has View All, even with few devotionals', async () => {
    api.onGet('/api/devotionals').reply(200, { data: list.slice(0, 3) });
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion' });
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/daily-devotion/all');
  });

  it("/daily-devotion/all is headed 'All devotionals' and shows them all", async () => {
    api.onGet('/api/devotionals').reply(200, { data: list });
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion/all' });
    expect(screen.getByRole('heading', { level: 1, name: 'All devotionals' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(14);
    expect(screen.queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
  });

  it.each(['/daily-devotion/tag/Hope', '/devotional-detail/tag/Hope'])("%s is headed 'devotionals by tag - Hope'", async (route) => {
    api.onGet('/api/devotionals/tags/Hope').reply(200, { data: list.filter((d) => d.tag === 'Hope') });
    renderWithProviders(<ContentRoutes />, { route });
    expect(screen.getByRole('heading', { level: 1, name: 'devotionals by tag - Hope' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(5);
    expect(cards.every((c) => within(c).getByText('Hope'))).toBe(true);
  });

  it('a tag with no devotionals says so', async () => {
    api.onGet('/api/devotionals/tags/Nothing').reply(200, { data: [] });
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion/tag/Nothing' });
    expect(await screen.findByText('There are no devotionals about Nothing yet.')).toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry that recovers', async () => {
    api.onGet('/api/devotionals').replyOnce(500, { error: { code: 'internal', message: 'x' } });
    api.onGet('/api/devotionals').reply(200, { data: list.slice(0, 2) });
    const user = userEvent.setup();
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the devotionals…');
    expect(await screen.findByRole('alert')).toHaveTextContent("couldn't load the devotionals");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });
});
