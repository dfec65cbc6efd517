import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { siteIdentity } from '@ministry/shared/config';
import { formatNewsDate, homeSummary } from '@ministry/shared/format';
import { renderWithProviders } from '@ministry/shared/testing';
import HomeSections from '../../HomeSections';
import { makeDevotionals, makeNews } from '../../testing/fixtures';
import { HOME } from './HomeBottom';

/** A list as the first and only page of the API's answer. */
const onePage = <T,>(data: T[]) => ({ data, paging: { page: 1, pageSize: 12, total: data.length, pages: 1 } });

const devotionals = makeDevotionals(14);
const news = makeNews(8);
const releases = makeNews(6).map((r, i) => ({
  ...r,
  _id: `20000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Press release ${i + 1}`,
}));

describe('home sections', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it("top: this year's theme as the headline, with its verse; the mission strip and the external links bar opening in new tabs", async () => {
    api.onGet('/api/year-theme').reply(200, {
      data: { year: 2031, title: 'The Year of Open Doors', verse: 'I have set before you an open door. — Revelation 3:8' },
    });
    renderWithProviders(<HomeSections part="top" />);
    expect(await screen.findByRole('heading', { level: 1, name: '2031: The Year of Open Doors' })).toBeInTheDocument();
    expect(screen.getByText('I have set before you an open door. — Revelation 3:8')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Our mission' })).toHaveTextContent(siteIdentity.mission);
    const bar = within(screen.getByRole('navigation', { name: 'Listen, watch and read' }));
    const expected: [string, string][] = [
      ['Podcast', siteIdentity.links.podcast],
      ['Live Stream', siteIdentity.links.liveStream],
      ['Books', siteIdentity.links.books],
      ['Music', siteIdentity.links.music],
    ];
    expect(bar.getAllByRole('link')).toHaveLength(4);
    for (const [name, href] of expected) {
      const link = bar.getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  it('top: without a theme for this year, the ministry’s name and tagline (no stale year)', async () => {
    api.onGet('/api/year-theme').reply(200, { data: null });
    renderWithProviders(<HomeSections part="top" />);
    await waitFor(() => expect(screen.getByText(siteIdentity.tagline)).toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(siteIdentity.ministryName);
  });

  it("top: Today's devotional opens the newest devotional (the list until it is known)", async () => {
    api.onGet('/api/devotionals').reply(200, { data: devotionals });
    renderWithProviders(<HomeSections part="top" />);
    const link = screen.getByRole('link', { name: "Today's devotional" });
    expect(link).toHaveAttribute('href', '/daily-devotion');
    await waitFor(() => expect(link).toHaveAttribute('href', `/devotional-detail/${devotionals[0].slug}`));
  });

  it('bottom: recent news with Read More, the carousel, the devotional list with the home summary, and the press releases', async () => {
    api.onGet('/api/news/recent').reply(200, news);
    api.onGet('/api/devotionals').reply(200, { data: devotionals });
    api.onGet('/api/pressrelease').reply(200, onePage(releases));
    renderWithProviders(<HomeSections part="bottom" />);

    const recent = within(screen.getByRole('region', { name: 'Recent news' }));
    const readMore = await recent.findAllByRole('link', { name: /^Read more/i });
    expect(readMore).toHaveLength(HOME.recentNews);
    expect(readMore[0]).toHaveAttribute('href', `/news?item=${news[0]._id}`);

    const carousel = screen.getByRole('region', { name: 'Featured devotionals' });
    const slides = within(carousel)
      .getAllByRole('group', { hidden: true })
      .filter((g) => g.getAttribute('aria-roledescription') === 'slide');
    expect(slides).toHaveLength(HOME.carousel);
    const firstSlide = within(slides[0]);
    expect(firstSlide.getByText('Faith')).toBeInTheDocument();
    expect(firstSlide.getByRole('link', { name: 'Devotional 1' })).toHaveAttribute('href', '/devotional-detail/devotional-1');
    expect(slides[0].querySelector('img')).toHaveAttribute('src', '/media/devotional-1.svg');
    expect(within(carousel).getByRole('button', { name: 'Pause slideshow' })).toBeVisible();

    const devotionalSection = within(screen.getByRole('region', { name: 'Daily devotion' }));
    const cards = devotionalSection.getAllByRole('article');
    expect(cards).toHaveLength(HOME.devotionalList);
    const d = devotionals[HOME.carousel];
    expect(within(cards[0]).getByText(homeSummary(d.detail))).toBeInTheDocument();
    expect(homeSummary(d.detail).length).toBeGreaterThan(81);
    expect(devotionalSection.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/daily-devotion/all');

    const latest = within(screen.getByRole('region', { name: 'Press releases' }));
    const items = latest.getAllByRole('listitem');
    expect(items).toHaveLength(HOME.pressReleases);
    // The newest press releases, not older news than the recent news above.
    const n = releases[0];
    expect(within(items[0]).getByRole('link', { name: n.title })).toHaveAttribute('href', `/press?release=${n._id}`);
    expect(latest.getByRole('link', { name: 'All press releases' })).toHaveAttribute('href', '/press');
    expect(within(items[0]).getByText(formatNewsDate(n.createdAt))).toBeInTheDocument();
    expect(within(items[0]).getByText(n.description)).toBeInTheDocument();
    expect(items[0].querySelector('img')).toHaveAttribute('src', n.photo);
  });

  it.each([
    [1, [1]],
    [3, [1, 2, 3]],
    [5, [1, 2, 3, 4, 5]],
    [8, [3, 4, 5, 6, 7, 8]],
    [11, [6, 7, 8, 9, 10, 11]],
  ])('bottom: with %i devotionals the list still shows the latest it can (%j)', async (count, shown) => {
    api.onGet('/api/news/recent').reply(200, news);
    api.onGet('/api/devotionals').reply(200, { data: devotionals.slice(0, count) });
    renderWithProviders(<HomeSections part="bottom" />);
    const devotionalSection = within(await screen.findByRole('region', { name: 'Daily devotion' }));
    const cards = await devotionalSection.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(shown.map((n) => `Devotional ${n}`));
  });

  it('bottom: the latest sermon with the browser’s own player, fetching nothing before play', async () => {
    const sermon = {
      _id: '30000000-0000-4000-8000-000000000001',
      slug: 'you-must-be-born-again',
      title: 'You Must Be Born Again',
      date: '2026-11-22',
      speaker: { _id: 's1', name: 'Apostle Samuel K. Adeyemi', role: 'Senior Pastor', photo: '' },
      series: null,
      passages: [{ reference: 'John 3:1–17', book: 'John', bookSlug: 'john' }],
      summary: 'God so loved the world.',
      image: '',
      audio: { src: '/media/sermons/born-again.mp3', type: 'audio/mpeg', bytes: 11601, seconds: 2350 },
      hasVideo: false,
      hasTranscript: false,
      publishedAt: '2026-11-22T18:00:00.000Z',
    };
    api.onGet('/api/sermons', { params: { limit: 1 } }).reply(200, onePage([sermon]));
    renderWithProviders(<HomeSections part="bottom" />);
    const section = within(screen.getByRole('region', { name: 'Latest sermon' }));
    expect(await section.findByRole('link', { name: sermon.title })).toHaveAttribute('href', '/sermons/you-must-be-born-again');
    expect(section.getByText('John 3:1–17')).toBeInTheDocument();
    expect(section.getByLabelText('39 minutes')).toHaveTextContent('39 min');
    const audio = section.getByLabelText(`Listen: ${sermon.title}`);
    expect(audio).toHaveAttribute('src', sermon.audio.src);
    expect(audio).toHaveAttribute('preload', 'none');
    expect(section.getByRole('link', { name: 'All sermons and the podcast' })).toHaveAttribute('href', '/sermons');
  });

  it('bottom: friendly empty states', async () => {
    api.onGet('/api/news/recent').reply(200, []);
    api.onGet('/api/devotionals').reply(200, { data: [] });
    api.onGet('/api/pressrelease').reply(200, onePage([]));
    renderWithProviders(<HomeSections part="bottom" />);
    expect(await screen.findByText('There is no news yet. Please come back soon.')).toBeInTheDocument();
    expect(await screen.findByText('There are no press releases yet.')).toBeInTheDocument();
    expect(screen.getByText('No devotionals have been published yet.')).toBeInTheDocument();
  });

  it('bottom: an error with retry per section when the API fails', async () => {
    api.onGet('/api/news/recent').replyOnce(500, {});
    api.onGet('/api/news/recent').reply(200, news);
    api.onGet('/api/devotionals').replyOnce(500, {});
    api.onGet('/api/devotionals').reply(200, { data: devotionals });
    const user = userEvent.setup();
    renderWithProviders(<HomeSections part="bottom" />);
    const devotionalSection = within(screen.getByRole('region', { name: 'Daily devotion' }));
    expect(await devotionalSection.findByRole('alert')).toHaveTextContent("couldn't load the devotionals");
    await user.click(devotionalSection.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Featured devotionals' })).toBeInTheDocument();
    const recent = within(screen.getByRole('region', { name: 'Recent news' }));
    await user.click(recent.getByRole('button', { name: 'Try again' }));
    expect(await recent.findAllByRole('article')).toHaveLength(HOME.recentNews);
  });
});
