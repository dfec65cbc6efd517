import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { siteIdentity } from '@ministry/shared/config';
import { renderWithProviders } from '@ministry/shared/testing';
import ContentRoutes from '../../routes';
import { makeDevotionals } from '../../testing/fixtures';
import { sanitizeDevotionalHtml } from './DevotionalBody';

const list = makeDevotionals(12);
const target = list[1]; // tag Hope; others with Hope: 4, 7, 10

describe('DevotionalDetailPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/devotionals').reply(200, { data: list });
    api.onGet(`/api/devotionals/${target.slug}`).reply(200, { data: target });
    api.onGet(`/api/devotionals/${target._id}`).reply(200, { data: target });
    api.onGet('/api/devotionals/tags/Hope').reply(200, { data: list.filter((d) => d.tag === 'Hope') });
  });
  afterEach(() => api.restore());

  it.each([`/devotional-detail/${target.slug}`, `/devotion-detail/${target._id}`, `/devotional-detail/${target._id}`])(
    '%s shows title, date, image, body, tag, share buttons and three related devotionals',
    async (route) => {
      renderWithProviders(<ContentRoutes />, { route });
      expect(await screen.findByRole('heading', { level: 1, name: target.title })).toBeInTheDocument();
      expect(screen.getByText('Nov 21, 2026')).toBeInTheDocument();
      expect(screen.getByText(/Saturday/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'More devotionals about Hope' })).toHaveAttribute(
        'href',
        '/daily-devotion/tag/Hope',
      );
      expect(screen.getByText(/Verse number 2/)).toBeInTheDocument();
      const article = screen.getByRole('article');
      expect(article.querySelector('img')).toHaveAttribute('src', target.image);

      const url = `${window.location.origin}/devotional-detail/${target.slug}`;
      const share = within(screen.getByRole('group', { name: 'Share this devotional' }));
      const expected = {
        Facebook: 'https://www.facebook.com/sharer/sharer.php',
        Twitter: 'https://twitter.com/intent/tweet',
        Whatsapp: 'https://api.whatsapp.com/send',
        Linkedin: 'https://www.linkedin.com/shareArticle',
      };
      for (const [network, base] of Object.entries(expected)) {
        const link = share.getByRole('link', { name: `Share on ${network} (opens in a new tab)` });
        const href = link.getAttribute('href')!;
        expect(href.startsWith(base)).toBe(true);
        expect(decodeURIComponent(href)).toContain(url);
        expect(decodeURIComponent(href)).toContain(siteIdentity.shareTitle);
        expect(link).toHaveAttribute('target', '_blank');
        expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
      }

      const sidebar = within(await screen.findByRole('complementary', { name: 'Related Devotionals' }));
      const related = await sidebar.findAllByRole('link');
      expect(related).toHaveLength(3);
      expect(related.map((a) => a.getAttribute('href'))).toEqual([
        '/devotional-detail/devotional-5',
        '/devotional-detail/devotional-8',
        '/devotional-detail/devotional-11',
      ]);
    },
  );

  it('fills the sidebar with the latest when the tag has too few others', async () => {
    const lonely = { ...list[0], tag: 'Rare' };
    api.onGet(`/api/devotionals/${lonely.slug}`).reply(200, { data: lonely });
    api.onGet('/api/devotionals/tags/Rare').reply(200, { data: [lonely] });
    renderWithProviders(<ContentRoutes />, { route: `/devotional-detail/${lonely.slug}` });
    const sidebar = within(await screen.findByRole('complementary', { name: 'Related Devotionals' }));
    const related = await sidebar.findAllByRole('link');
    expect(related.map((a) => a.getAttribute('href'))).toEqual([
      '/devotional-detail/devotional-2',
      '/devotional-detail/devotional-3',
      '/devotional-detail/devotional-4',
    ]);
  });

  it('shows its verses, every tag, and an uploaded photo at the width the page needs', async () => {
    const photo = '/media/uploads/img-0b6f4c1e-93f5-4d7b-9c1a-2f7e6b0c9d11-1200x800.jpg';
    const tagged = { ...target, slug: 'tagged', tag: 'Hope', tags: ['Hope', 'Quiet time'], verses: 'Psalm 23:1-4', image: photo };
    api.onGet('/api/devotionals/tagged').reply(200, { data: tagged });
    renderWithProviders(<ContentRoutes />, { route: '/devotional-detail/tagged' });
    const article = within(await screen.findByRole('article'));
    expect(article.getByText('Psalm 23:1-4')).toBeInTheDocument();
    expect(article.getByRole('link', { name: 'More devotionals about Quiet time' })).toHaveAttribute(
      'href',
      '/daily-devotion/tag/Quiet%20time',
    );
    const source = screen.getByRole('article').querySelector('picture source[type="image/webp"]');
    expect(source?.getAttribute('srcset')).toContain('-640.webp 640w');
    expect(source?.getAttribute('sizes')).toMatch(/784px$/);
  });

  it('a devotional that does not exist shows a not-found message, not a blank page', async () => {
    api.onGet('/api/devotionals/gone').reply(404, { error: { code: 'not_found', message: 'That devotional was not found.' } });
    renderWithProviders(<ContentRoutes />, { route: '/devotional-detail/gone' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Devotional not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
  });

  it('a failed load offers a retry and recovers', async () => {
    api.onGet('/api/devotionals/flaky').replyOnce(503, { error: { code: 'unavailable', message: 'x' } });
    api.onGet('/api/devotionals/flaky').reply(200, { data: { ...target, slug: 'flaky' } });
    const user = userEvent.setup();
    renderWithProviders(<ContentRoutes />, { route: '/devotional-detail/flaky' });
    expect(await screen.findByRole('alert')).toHaveTextContent("couldn't load this devotional");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: target.title })).toBeInTheDocument();
  });

  it('renders the body through DOMPurify: scripts, event handlers and javascript: links never reach the page', async () => {
    const hostile = {
      ...target,
      slug: 'hostile',
      detail:
        '<p onclick="alert(1)">Kept</p><script>window.hacked = true</script><img src=x onerror="window.hacked = true"><a href="javascript:alert(1)">bad</a><a href="https://ok.example">good</a>',
    };
    api.onGet('/api/devotionals/hostile').reply(200, { data: hostile });
    renderWithProviders(<ContentRoutes />, { route: '/devotional-detail/hostile' });
    const kept = await screen.findByText('Kept');
    const body = kept.parentElement!;
    expect(body.innerHTML).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(within(body).getByRole('link', { name: 'good' })).toHaveAttribute('href', 'https://ok.example');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    expect(sanitizeDevotionalHtml('<h3 style="color:red" onmouseover="x()">For today</h3>')).toBe('<h3>For today</h3>');
  });
});
