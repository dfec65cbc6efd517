import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { siteIdentity } from '@ministry/shared/config';
import { renderWithProviders } from '@ministry/shared/testing';
import ContentRoutes from '../../routes';
import { makeNews } from '../../testing/fixtures';

/** A list as the first and only page of the API's answer. */
const onePage = <T,>(data: T[]) => ({ data, paging: { page: 1, pageSize: 12, total: data.length, pages: 1 } });

const news = makeNews(5);

describe('NewsPage', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it("has the spec's header and cards with photo, title, date, a description clipped to 3 lines and Read More", async () => {
    api.onGet('/api/news').reply(200, onePage(news));
    renderWithProviders(<ContentRoutes />, { route: '/news' });
    expect(screen.getByText(/Find our latest news on our/)).toHaveTextContent('Find our latest news on our official press page');
    expect(screen.getByRole('link', { name: 'official press page' })).toHaveAttribute('href', '/press');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(5);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { name: 'News 1' })).toBeInTheDocument();
    expect(first.getByText('15 November 2026')).toBeInTheDocument();
    expect(cards[0].querySelector('img')).toHaveAttribute('src', '/media/news-1.svg');
    expect(first.getByTestId('news-description')).toHaveStyle({ '-webkit-line-clamp': '3', overflow: 'hidden' });
    expect(first.getByRole('link', { name: 'Read More about News 1' })).toHaveAttribute('href', `/news?item=${news[0]._id}`);
  });

  it('opens one item in full from its address, with share links to that address', async () => {
    api.onGet('/api/news').reply(200, onePage(news));
    api.onGet(`/api/news/${news[2]._id}`).reply(200, { data: news[2] });
    renderWithProviders(<ContentRoutes />, { route: `/news?item=${news[2]._id}` });
    const reader = await screen.findByRole('article', { name: 'News 3' });
    expect(within(reader).getByText(news[2].description)).toBeInTheDocument();
    const facebook = within(reader).getByRole('link', { name: 'Share on Facebook (opens in a new tab)' });
    expect(decodeURIComponent(facebook.getAttribute('href')!)).toContain(`${window.location.origin}/news?item=${news[2]._id}`);
    expect(screen.getAllByRole('article')).toHaveLength(5);
    // Shared with its own title and the ministry's name, not the devotionals' wording.
    const tweet = decodeURIComponent(
      within(reader).getByRole('link', { name: 'Share on Twitter (opens in a new tab)' }).getAttribute('href')!,
    );
    expect(tweet).toContain(`text=News 3 — ${siteIdentity.ministryName}`);
    expect(tweet).not.toMatch(/Daily Devotional/);
    // Focused for screen readers to start there (the browser test checks it shows no focus box).
    expect(reader).toHaveFocus();
  });

  it('opens an item older than the latest news by asking for it by id', async () => {
    const older = makeNews(20)[17];
    api.onGet('/api/news').reply(200, onePage(news));
    api.onGet(`/api/news/${older._id}`).reply(200, { data: older });
    renderWithProviders(<ContentRoutes />, { route: `/news?item=${older._id}` });
    const reader = await screen.findByRole('article', { name: older.title });
    expect(within(reader).getByText(older.description)).toBeInTheDocument();
    expect(screen.queryByText(/no longer available/)).not.toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(6);
    expect(api.history.get.map((r) => r.url)).toContain(`/api/news/${older._id}`);
  });

  it.each([
    ['an unknown id', '10000000-0000-4000-8000-999999999999', 404],
    ['a malformed id', 'gone', 400],
  ])('says so when the item in the address does not exist (%s)', async (_what, id, status) => {
    api.onGet('/api/news').reply(200, onePage(news));
    api.onGet(`/api/news/${id}`).reply(status, { error: { code: status === 404 ? 'not_found' : 'bad_request', message: 'x' } });
    renderWithProviders(<ContentRoutes />, { route: `/news?item=${id}` });
    expect(await screen.findByText(/no longer available/)).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(5);
  });

  it('offers to try again when the item cannot be loaded right now', async () => {
    const older = makeNews(20)[17];
    api.onGet('/api/news').reply(200, onePage(news));
    api.onGet(`/api/news/${older._id}`).replyOnce(500, {});
    api.onGet(`/api/news/${older._id}`).reply(200, { data: older });
    const user = userEvent.setup();
    renderWithProviders(<ContentRoutes />, { route: `/news?item=${older._id}` });
    expect(await screen.findByRole('alert')).toHaveTextContent("couldn't load that news item");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: older.title })).toBeInTheDocument();
  });

  it('has an empty state and an error state with retry', async () => {
    api.onGet('/api/news').replyOnce(500, {});
    api.onGet('/api/news').reply(200, onePage([]));
    const user = userEvent.setup();
    renderWithProviders(<ContentRoutes />, { route: '/news' });
    expect(await screen.findByRole('alert')).toHaveTextContent("couldn't load the news");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There is no news yet. Please come back soon.')).toBeInTheDocument();
  });

  it('shows the page the address asks for, with page links that are real addresses; a page past the last says where the last is', async () => {
    api
      .onGet('/api/news', { params: { page: 2 } })
      .reply(200, { data: news.slice(0, 3), paging: { page: 2, pageSize: 12, total: 15, pages: 2 } });
    api
      .onGet('/api/news', { params: { page: 7 } })
      .reply(200, { data: [], paging: { page: 7, pageSize: 12, total: 15, pages: 2 } });
    const { unmount } = renderWithProviders(<ContentRoutes />, { route: '/news?page=2' });
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'News · page 2' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pages of news' });
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/news');
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    unmount();
    renderWithProviders(<ContentRoutes />, { route: '/news?page=7' });
    expect(await screen.findByText(/There is no page 7; the last is/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'page 2' })).toHaveAttribute('href', '/news?page=2');
  });
});
