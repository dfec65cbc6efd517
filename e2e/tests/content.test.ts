/**
 * What a visitor reads, in a real browser on desktop and mobile widths: the
 * home page, about (each tab), news, press, every devotional route and the
 * policies; the share links carry the right URL; a devotional URL answers
 * with its own share-preview meta tags; no page throws.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import {
  collectPageErrors,
  DESKTOP,
  hydrated,
  launchBrowser,
  MOBILE,
  newPage,
  savePageScreenshot,
  startSite,
  type Site,
} from '../harness';

interface Devotional {
  _id: string;
  slug: string;
  title: string;
  tag: string;
}
interface NewsItem {
  _id: string;
  title: string;
}

let site: Site;
let browser: Browser;
let devotionals: Devotional[];
let news: NewsItem[];

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  devotionals = ((await (await fetch(`${site.url}/api/devotionals?limit=100`)).json()) as { data: Devotional[] }).data;
  news = (await (await fetch(`${site.url}/api/news/recent`)).json()) as NewsItem[];
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

/** Opens a page, runs the checks, screenshots it, and fails on any page error. */
async function visit(
  viewport: { width: number; height: number },
  name: string,
  url: string,
  check: (page: Page) => Promise<void>,
) {
  const { context, page } = await newPage(browser, viewport);
  const errors = collectPageErrors(page);
  try {
    await page.goto(`${site.url}${url}`);
    await page.getByRole('contentinfo').waitFor();
    await check(page);
    await savePageScreenshot(page, `content-${name}`);
    assert.deepEqual(errors, [], `page errors on ${url}`);
  } finally {
    await context.close();
  }
}

for (const [width, viewport] of VIEWPORTS) {
  describe(`content pages on ${width}`, () => {
    it('home: headline, links bar, recent news, carousel, devotional list and press releases', async () => {
      await visit(viewport, `home-${width}`, '/', async (page) => {
        assert.match(await page.getByRole('heading', { level: 1 }).first().innerText(), /^\d{4}: The Year of the Luminaries/);
        const bar = page.getByRole('navigation', { name: 'Listen, watch and read' });
        for (const name of ['Podcast', 'Live Stream', 'Books', 'Music']) {
          const link = bar.getByRole('link', { name: `${name} (opens in a new tab)` });
          assert.equal(await link.getAttribute('target'), '_blank');
          assert.match((await link.getAttribute('rel')) ?? '', /noopener/);
        }
        const recent = page.getByRole('region', { name: 'Recent news' });
        await recent
          .getByRole('link', { name: /^Read more/i })
          .first()
          .waitFor();
        assert.equal(await recent.getByRole('link', { name: /^Read more/i }).count(), 3);

        const carousel = page.getByRole('region', { name: 'Featured devotionals' });
        await carousel.waitFor();
        await carousel.getByRole('button', { name: 'Pause slideshow' }).waitFor();
        assert.ok(await carousel.getByRole('link', { name: devotionals[0].title }).isVisible());
        // Next moves on; Pause stops it, and the slide in view stays.
        await carousel.getByRole('button', { name: 'Next slide' }).click();
        await carousel.getByRole('link', { name: devotionals[1].title }).waitFor({ state: 'visible' });
        await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
        await carousel.getByRole('button', { name: 'Play slideshow' }).waitFor();

        const devotionalSection = page.getByRole('region', { name: 'Daily devotion' });
        assert.equal(await devotionalSection.getByRole('article').count(), 6);
        assert.equal(await devotionalSection.getByRole('link', { name: 'View All' }).getAttribute('href'), '/daily-devotion/all');

        const latest = page.getByRole('region', { name: 'Press releases' });
        await latest.getByRole('listitem').first().waitFor();
        assert.equal(await latest.getByRole('listitem').count(), 4);
        await page.getByRole('heading', { name: 'Latest stories' }).waitFor();
      });
    });

    it('about: the apostle by default, then every tab reachable from every other', async () => {
      await visit(viewport, `about-${width}`, '/about', async (page) => {
        await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
        const tabs = page.getByRole('tablist', { name: 'About' }).getByRole('tab');
        assert.equal(await tabs.count(), 3);
        const labels = await tabs.allInnerTexts();
        assert.equal(await tabs.nth(0).getAttribute('aria-selected'), 'true');
        const panel = page.getByRole('tabpanel');
        await panel.getByRole('heading', { name: 'What we believe' }).waitFor();
        assert.equal(await panel.getByRole('list', { name: 'Our twelve beliefs' }).getByRole('listitem').count(), 12);
        for (const [index, heading] of [
          [1, 'Goals'],
          [2, 'Our vision'],
          [0, 'History and ministry'],
          [2, 'Our mission'],
          [1, 'Biography'],
          [0, 'What we believe'],
        ] as const) {
          await page.getByRole('tab', { name: labels[index] }).click();
          await panel.getByRole('heading', { name: heading }).waitFor();
          await page.waitForFunction(
            ([i]) => document.querySelectorAll('[role="tab"]')[i]?.getAttribute('aria-selected') === 'true',
            [index],
          );
        }
        const text = await page.locator('main').innerText();
        assert.match(text, /500,000/);
        assert.match(text, /ten books and over 80 songs/);
      });
    });

    it("news: the spec's header, clipped cards, and one item opened by its address", async () => {
      await visit(viewport, `news-${width}`, '/news', async (page) => {
        await page.getByText('Find our latest news on our official press page').waitFor();
        const first = page.getByRole('article').first();
        await first.waitFor();
        const clamp = await first.getByTestId('news-description').evaluate((el) => getComputedStyle(el).webkitLineClamp);
        assert.equal(clamp, '3');
        await first.getByRole('link', { name: /^Read more/i }).click();
        await page.waitForURL(new RegExp(`/news\\?item=${news[0]._id}$`));
        const reader = page.getByRole('article', { name: news[0].title });
        await reader.waitFor();
        const facebook = await reader.getByRole('link', { name: 'Share on Facebook (opens in a new tab)' }).getAttribute('href');
        assert.ok(facebook?.includes(encodeURIComponent(`${site.url}/news?item=${news[0]._id}`)), facebook ?? '');
        // A deep link starts screen readers at the item, without drawing a focus box around it.
        await page.goto(`${site.url}/news?item=${news[0]._id}`);
        const opened = page.getByRole('article', { name: news[0].title });
        await opened.waitFor();
        // Focused once the page's part is taken over (on a busy machine, after the page is ready).
        await page.waitForFunction((el) => document.activeElement === el, await opened.elementHandle());
        assert.equal(await opened.evaluate((el) => getComputedStyle(el).outlineStyle), 'none');
      });
    });

    it('press: the three layouts cycle by position, and Read More opens a release', async () => {
      await visit(viewport, `press-${width}`, '/press', async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Press releases' }).waitFor();
        const articles = page.getByRole('article');
        await articles.first().waitFor();
        const layouts = await articles.evaluateAll((els) => els.map((el) => el.getAttribute('data-layout')));
        assert.deepEqual(layouts, ['wide', 'photo-left', 'photo-right', 'wide', 'photo-left', 'photo-right']);
        await (await hydrated(articles.nth(1).getByRole('button', { name: /^Read More/ }))).click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      });
    });

    it('daily devotion lists: latest with View All, all (a page at a time, the oldest on the last), a title search, and both tag routes', async () => {
      await visit(viewport, `daily-devotion-${width}`, '/daily-devotion', async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Daily Devotion' }).waitFor();
        await page.getByRole('article').first().waitFor();
        assert.equal(await page.getByRole('article').count(), 9);
        await (await hydrated(page.getByRole('link', { name: 'View All' }))).click();
        await page.waitForURL(/\/daily-devotion\/all$/);
        await page.getByRole('heading', { level: 1, name: 'All devotionals' }).waitFor();
        await page.getByRole('article').nth(11).waitFor();
        assert.equal(await page.getByRole('article').count(), 12);
        const pages = page.getByRole('navigation', { name: 'Pages of devotionals' });
        const last = Math.ceil(devotionals.length / 12);
        await pages.getByRole('link', { name: `Page ${last}` }).click();
        await page.waitForURL(new RegExp(`/daily-devotion/all\\?page=${last}$`));
        const oldest = devotionals[devotionals.length - 1];
        await page.getByRole('heading', { level: 2, name: oldest.title }).waitFor();
        assert.equal(await page.getByRole('article').count(), devotionals.length - (last - 1) * 12);
        await page.getByLabel('Search the devotionals by title').fill(devotionals[4].title);
        await page.getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(/\/daily-devotion\/all\?q=/);
        await page.getByRole('heading', { level: 2, name: devotionals[4].title }).waitFor();
      });
      const tag = devotionals[0].tag;
      for (const route of [`/daily-devotion/tag/${tag}`, `/devotional-detail/tag/${tag}`]) {
        await visit(viewport, `tag-${route.split('/')[1]}-${width}`, route, async (page) => {
          await page.getByRole('heading', { level: 1, name: `Devotionals by tag: ${tag}` }).waitFor();
          await page.getByRole('article').first().waitFor();
          assert.equal(await page.getByRole('article').count(), Math.min(12, devotionals.filter((d) => d.tag === tag).length));
        });
      }
    });

    it('devotional detail by slug and by id: body, share links with the right URL, related sidebar', async () => {
      const d = devotionals[3];
      for (const route of [`/devotional-detail/${d.slug}`, `/devotion-detail/${d._id}`, `/devotional-detail/${d._id}`]) {
        await visit(viewport, `devotional-${route.split('/')[1]}-${width}`, route, async (page) => {
          await page.getByRole('heading', { level: 1, name: d.title }).waitFor();
          // The server's title until the browser takes the page over, then the devotional's.
          const title = `${d.title} | Luminaries Christian Ministries`;
          await page.waitForFunction((expected) => document.title === expected, title).catch(() => {});
          assert.equal(await page.title(), title);
          await page.locator('article blockquote').waitFor();
          const share = page.getByRole('group', { name: 'Share this devotional' });
          const url = encodeURIComponent(`${site.url}/devotional-detail/${d.slug}`);
          for (const network of ['Facebook', 'Twitter', 'Whatsapp', 'Linkedin']) {
            const href = await share.getByRole('link', { name: `Share on ${network} (opens in a new tab)` }).getAttribute('href');
            assert.ok(
              href?.includes(
                network === 'Whatsapp' ? encodeURIComponent(`Daily Devotional ${site.url}/devotional-detail/${d.slug}`) : url,
              ),
              `${network}: ${href}`,
            );
            assert.ok(href?.includes(encodeURIComponent('Luminaries Christian Ministries')), `${network} carries the title`);
          }
          const related = page.getByRole('complementary', { name: 'Related Devotionals' }).getByRole('link');
          await related.first().waitFor();
          assert.equal(await related.count(), 3);
        });
      }
    });

    it('an unknown devotional shows a not-found message', async () => {
      await visit(viewport, `devotional-missing-${width}`, '/devotional-detail/no-such-devotional', async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Devotional not found' }).waitFor();
      });
    });

    it('policies: cover, logo, title and sixteen numbered sections', async () => {
      await visit(viewport, `policies-${width}`, '/policies', async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
        const sections = page.getByRole('list', { name: 'Policy sections' }).getByRole('heading', { level: 2 });
        assert.equal(await sections.count(), 16);
        // Poppins really loaded (not a fallback), from our own files: no font CDN.
        const heading = page.getByRole('heading', { level: 1 });
        const weight = await heading.evaluate((el) => getComputedStyle(el).fontWeight);
        await page.waitForFunction(
          (w) =>
            [...document.fonts].some(
              (f) => f.family.replace(/["']/g, '') === 'Poppins' && f.weight === w && f.status === 'loaded',
            ),
          weight,
        );
        const fonts = await page.evaluate(() => ({
          origin: location.origin,
          loaded: [...document.fonts]
            .filter((f) => f.family.replace(/["']/g, '') === 'Poppins' && f.status === 'loaded')
            .map((f) => f.weight),
          files: performance
            .getEntriesByType('resource')
            .map((e) => e as PerformanceResourceTiming)
            .filter((e) => /\.woff2?(\?|$)/.test(e.name))
            .map((e) => ({ url: e.name, status: e.responseStatus })),
          cdn: performance
            .getEntriesByType('resource')
            .filter((e) => /fonts\.(googleapis|gstatic)\.com|use\.typekit|fonts\.bunny/.test(e.name)).length,
        }));
        assert.equal(fonts.cdn, 0, 'no font CDN');
        assert.ok(fonts.loaded.includes(weight), `Poppins ${weight} loaded: ${fonts.loaded}`);
        assert.ok(fonts.files.length > 0, 'the font files were fetched');
        for (const file of fonts.files) {
          assert.equal(new URL(file.url).origin, fonts.origin, `${file.url} comes from the site`);
          assert.equal(file.status, 200, file.url);
        }
        assert.match(await heading.evaluate((el) => getComputedStyle(el).fontFamily), /Poppins/);
        const cover = await page.getByRole('heading', { level: 1 }).locator('xpath=ancestor::header[1]').boundingBox();
        assert.ok(cover && (width === 'desktop' ? cover.height >= 300 : cover.height < 300), `cover height ${cover?.height}`);
      });
    });
  });
}

describe('share previews', () => {
  it('a devotional URL answers with its own title, description and image in Open Graph and Twitter tags', async () => {
    const d = devotionals[2];
    const res = await fetch(`${site.url}/devotional-detail/${d.slug}`, { headers: { accept: 'text/html' } });
    assert.equal(res.status, 200);
    const html = await res.text();
    const meta = (key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];
    assert.equal(meta('og:title'), d.title);
    assert.equal(meta('twitter:title'), d.title);
    assert.match(html, new RegExp(`<title>${d.title} \\| Luminaries Christian Ministries</title>`));
    assert.ok((meta('og:description') ?? '').length > 40);
    assert.match(meta('og:url') ?? '', new RegExp(`^https?://[^/]+/devotional-detail/${d.slug}$`));
    const image = (meta('og:image') ?? '').replace(/&amp;/g, '&');
    assert.match(image, /^https?:\/\/[^/]+\/api\/share\/image\?src=/);
    const png = await fetch(`${site.url}${new URL(image).pathname}${new URL(image).search}`);
    assert.equal(png.status, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');

    // The page still boots in a browser.
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/devotional-detail/${d.slug}`);
    await page.getByRole('heading', { level: 1, name: d.title }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
