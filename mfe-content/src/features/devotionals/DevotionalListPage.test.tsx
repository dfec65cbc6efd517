import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { listSummary } from '@ministry/shared/format';
import { renderWithProviders } from '@ministry/shared/testing';
import ContentRoutes from '../../routes';
import { makeDevotionals } from '../../testing/fixtures';

const list = makeDevotionals(14);
const pageOf = (data: typeof list, page = 1, total = data.length, pageSize = 12) => ({
  data,
  paging: { page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) },
});
const tags = {
  data: [
    { tag: 'Faith', count: 5 },
    { tag: 'Hope', count: 5 },
    { tag: 'Love', count: 4 },
  ],
};

describe('devotional lists', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/devotionals/tags').reply(200, tags);
  });
  afterEach(() => api.restore());

  it('/daily-devotion shows cards with date, image, title, tag, weekday, an 80-character summary and Read More, and View All', async () => {
    api.onGet('/api/devotionals').reply(200, pageOf(list.slice(0, 12), 1, 14));
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
    expect(first.getByRole('link', { name: 'Read More about Devotional 1' })).toHaveAttribute(
      'href',
      '/devotional-detail/devotional-1',
    );
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/daily-devotion/all');
    expect(
      within(screen.getByRole('navigation', { name: 'Devotionals by tag' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Faith', 'Hope', 'Love']);
  });

  it('/daily-devotion always has View All, even with few devotionals', async () => {
    api.onGet('/api/devotionals').reply(200, pageOf(list.slice(0, 3)));
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion' });
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/daily-devotion/all');
  });

  it("/daily-devotion/all is headed 'All devotionals' and shows them a page at a time, with links to every page", async () => {
    api.onGet('/api/devotionals', { params: { page: undefined, q: undefined } }).reply(200, pageOf(list.slice(0, 12), 1, 14));
    api.onGet('/api/devotionals', { params: { page: 2, q: undefined } }).reply(200, pageOf(list.slice(12), 2, 14));
    const user = userEvent.setup();
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion/all' });
    expect(screen.getByRole('heading', { level: 1, name: 'All devotionals' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(12);
    expect(screen.queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of devotionals' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/daily-devotion/all?page=2');
    expect(within(pages).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Devotional 13' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(
      within(screen.getByRole('navigation', { name: 'Pages of devotionals' })).getByRole('link', { name: 'Previous' }),
    ).toHaveAttribute('href', '/daily-devotion/all');
  });

  it('/daily-devotion/all searches the titles, and says how many match or that none does', async () => {
    api.onGet('/api/devotionals', { params: { page: undefined, q: undefined } }).reply(200, pageOf(list.slice(0, 12), 1, 14));
    api.onGet('/api/devotionals', { params: { page: undefined, q: 'Devotional 1' } }).reply(200, pageOf([list[0], list[9]]));
    api.onGet('/api/devotionals', { params: { page: undefined, q: 'zebra' } }).reply(200, pageOf([]));
    const user = userEvent.setup();
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion/all' });
    await screen.findAllByRole('article');
    const search = screen.getByRole('search');
    expect(search).toHaveAttribute('action', '/daily-devotion/all');
    await user.type(within(search).getByLabelText('Search the devotionals by title'), ' Devotional 1 ');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('2 devotionals have “Devotional 1” in the title.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await user.clear(screen.getByLabelText('Search the devotionals by title'));
    await user.type(screen.getByLabelText('Search the devotionals by title'), 'zebra{Enter}');
    expect(await screen.findByText('No devotional title has “zebra” in it.')).toBeInTheDocument();
  });

  it('a page past the last says so and links to the last', async () => {
    api.onGet('/api/devotionals', { params: { page: 9, q: undefined } }).reply(200, pageOf([], 9, 14));
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion/all?page=9' });
    expect(await screen.findByText(/There is no page 9/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'page 2' })).toHaveAttribute('href', '/daily-devotion/all?page=2');
  });

  it.each(['/daily-devotion/tag/Hope', '/devotional-detail/tag/Hope'])(
    "%s is headed 'Devotionals by tag: Hope'",
    async (route) => {
      api.onGet('/api/devotionals/tags/Hope').reply(200, pageOf(list.filter((d) => d.tag === 'Hope')));
      renderWithProviders(<ContentRoutes />, { route });
      expect(screen.getByRole('heading', { level: 1, name: 'Devotionals by tag: Hope' })).toBeInTheDocument();
      const cards = await screen.findAllByRole('article');
      expect(cards).toHaveLength(5);
      expect(cards.every((c) => within(c).getByText('Hope'))).toBe(true);
    },
  );

  it('a tag with no devotionals says so', async () => {
    api.onGet('/api/devotionals/tags/Nothing').reply(200, pageOf([]));
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion/tag/Nothing' });
    expect(await screen.findByText('There are no devotionals about Nothing yet.')).toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry that recovers', async () => {
    api.onGet('/api/devotionals').replyOnce(500, { error: { code: 'internal', message: 'x' } });
    api.onGet('/api/devotionals').reply(200, pageOf(list.slice(0, 2)));
    const user = userEvent.setup();
    renderWithProviders(<ContentRoutes />, { route: '/daily-devotion' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the devotionals…');
    expect(await screen.findByRole('alert')).toHaveTextContent("couldn't load the devotionals");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });
});
