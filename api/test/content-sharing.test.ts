/**
 * Content and sharing: devotionals by id, slug and tag; devotional HTML is
 * sanitized; and page URLs answer with their own share-preview meta tags.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Devotional, MinistryEvent, NewsItem } from '@ministry/shared/types';
import { siteIdentity } from '@ministry/shared/config';
import { newId } from '../src/lib/ids.js';
import { sanitizeRichText } from '../src/lib/sanitize.js';
import { devotionalHtml } from '../src/seed/index.js';
import { escapeHtml } from '../src/lib/html.js';
import { applyPreview, pagePreview } from '../src/site/sharePreview.js';
import { fakeSite, releaseTheSitesPages } from './fakeSite.js';
import { describeEachDatabase, json } from './helpers.js';

const PUBLIC_URL = 'https://www.luminaries.example.org';
/** The site's pages, served with a shell whose index.html has its own title and description. */
function fakeSiteWithPages() {
  const site = fakeSite({ media: ['devotional-1.svg', 'cover.svg'] });
  releaseTheSitesPages(site, {
    files: {
      'browser/index.html':
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="description" content="The shell default."><title>Shell</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>',
    },
  });
  return site;
}

/** The content of `<meta property|name="key" content="...">`, still HTML-escaped. */
function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`));
  return tag?.[1];
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describeEachDatabase('devotionals by id, slug and tag', (ctx) => {
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });
  const all = async () => json<{ data: Devotional[] }>(await get('/api/devotionals?limit=100')).data;

  it('finds the same devotional by its id and by its slug, whatever the slug case', async () => {
    const list = await all();
    for (const d of [list[0], list[7], list[list.length - 1]]) {
      const byId = json<{ data: Devotional }>(await get(`/api/devotionals/${d._id}`)).data;
      const bySlug = json<{ data: Devotional }>(await get(`/api/devotionals/${d.slug}`)).data;
      const byUpperSlug = json<{ data: Devotional }>(await get(`/api/devotionals/${d.slug.toUpperCase()}`)).data;
      assert.deepEqual(byId, d);
      assert.deepEqual(bySlug, d);
      assert.deepEqual(byUpperSlug, d);
    }
  });

  it('an unknown devotional is a JSON 404; a malformed one a 400', async () => {
    const missing = await get('/api/devotionals/there-is-no-such-devotional');
    assert.equal(missing.statusCode, 404);
    assert.equal(json<{ error: { code: string } }>(missing).error.code, 'not_found');
    assert.equal((await get('/api/devotionals/-starts-with-a-dash')).statusCode, 400);
  });

  it('lists a tag, newest first, and every tag in the list is reachable', async () => {
    const list = await all();
    for (const tag of new Set(list.map((d) => d.tag))) {
      const { data } = json<{ data: Devotional[] }>(await get(`/api/devotionals/tags/${encodeURIComponent(tag)}`));
      assert.deepEqual(
        data.map((d) => d._id),
        list.filter((d) => d.tag === tag).map((d) => d._id),
        tag,
      );
    }
    assert.deepEqual(json<{ data: Devotional[] }>(await get('/api/devotionals/tags/nothing-here')).data, []);
  });

  it('never serves a devotional dated in the future', async () => {
    await ctx()
      .database.db.insertInto('devotionals')
      .values({
        id: newId(),
        slug: 'tomorrows-word',
        title: 'Tomorrow',
        image: '/media/devotional-1.svg',
        tag: 'Faith',
        detail: '<p>Soon.</p>',
        published_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    assert.equal((await get('/api/devotionals/tomorrows-word')).statusCode, 404);
    assert.ok(!(await all()).some((d) => d.slug === 'tomorrows-word'));
  });
});

describe('devotional HTML is sanitized on the server', () => {
  const hostile =
    '<p onclick="steal()" onmouseover="x()">Grace</p><script>alert(1)</script><img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe>' +
    '<a href="javascript:alert(3)">bad</a><a href="https://bible.example/ps23" onfocus="y()">Psalm 23</a><style>body{display:none}</style><h3 style="color:red">For today</h3>';

  it('strips scripts, event handlers, iframes, styles and javascript: links, and keeps the safe markup', () => {
    const clean = sanitizeRichText(hostile);
    assert.doesNotMatch(clean, /<script|<iframe|<style|<img/i);
    assert.doesNotMatch(clean, /\son\w+\s*=/i);
    assert.doesNotMatch(clean, /javascript:/i);
    assert.doesNotMatch(clean, /style=/i);
    assert.match(clean, /<p>Grace<\/p>/);
    assert.match(clean, /<a href="https:\/\/bible.example\/ps23" rel="noopener noreferrer">Psalm 23<\/a>/);
    assert.match(clean, /<h3>For today<\/h3>/);
  });

  it('the seed builds bodies through the sanitizer: markup in a seed is text, not HTML', () => {
    const html = devotionalHtml({
      title: 'x',
      tag: 'Faith',
      reference: 'Psalm 1:1 <script>alert(1)</script>',
      verse: 'Blessed <img src=x onerror=alert(1)>',
      reflection: ['<b onclick="x()">bold</b>'],
      prayer: 'Amen',
    });
    assert.doesNotMatch(html, /<script|<img|<b /i);
    assert.match(html, /&lt;script&gt;/);
  });
});

describeEachDatabase('served devotionals carry no executable markup', (ctx) => {
  it('a hostile body written straight into the database is served without script, event handler or javascript: URL', async () => {
    const hostile =
      '<p onclick="steal()">Grace <a href="javascript:alert(1)">here</a></p><script>alert(2)</script><img src=x onerror="alert(3)">' +
      '<a href="JaVaScRiPt:alert(4)" onmouseover="x()">there</a><iframe src="javascript:alert(5)"></iframe><svg onload="alert(6)"></svg>' +
      '<a href="https://bible.example/ps23">Psalm 23</a>';
    await ctx()
      .database.db.insertInto('devotionals')
      .values({
        id: newId(),
        slug: 'hostile-word',
        title: 'Hostile',
        image: '/media/devotional-1.svg',
        tag: 'Hostility',
        detail: hostile,
        published_at: new Date(Date.now() - 60_000),
      })
      .execute();
    const get = async <T>(url: string) => json<{ data: T }>(await ctx().app.inject({ method: 'GET', url })).data;
    const one = await get<Devotional>('/api/devotionals/hostile-word');
    const served = [
      one,
      await get<Devotional>(`/api/devotionals/${one._id}`),
      (await get<Devotional[]>('/api/devotionals?q=hostile')).find((d) => d.slug === 'hostile-word'),
      (await get<Devotional[]>('/api/devotionals/tags/Hostility')).find((d) => d.slug === 'hostile-word'),
    ];
    for (const d of served) {
      assert.ok(d, 'served');
      assert.doesNotMatch(d.detail, /<script|<iframe|<svg|<img/i);
      assert.doesNotMatch(d.detail, /\son\w+\s*=/i);
      assert.doesNotMatch(d.detail, /javascript:/i);
      assert.match(d.detail, /<p>Grace <a rel="noopener noreferrer">here<\/a><\/p>/);
      assert.match(d.detail, /<a href="https:\/\/bible.example\/ps23" rel="noopener noreferrer">Psalm 23<\/a>/);
    }
  });

  it('no devotional the API serves has a script, an event handler or a javascript: link', async () => {
    const { data } = json<{ data: Devotional[] }>(await ctx().app.inject({ method: 'GET', url: '/api/devotionals?limit=100' }));
    assert.ok(data.length >= 30);
    for (const d of data) {
      assert.doesNotMatch(d.detail, /<script|<iframe|\son\w+\s*=|javascript:/i, d.slug);
    }
  });
});

const site = fakeSiteWithPages();

describeEachDatabase(
  'share previews of page URLs',
  (ctx) => {
    const page = (url: string) => ctx().app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const firstDevotional = async () =>
      json<{ data: Devotional[] }>(await ctx().app.inject({ method: 'GET', url: '/api/devotionals' })).data[0];

    it('a devotional URL answers with its own title, description, image and URL, by slug and by id', async () => {
      const d = await firstDevotional();
      for (const url of [`/devotional-detail/${d.slug}`, `/devotional-detail/${d._id}`, `/devotion-detail/${d._id}`]) {
        const res = await page(url);
        assert.equal(res.statusCode, 200, url);
        assert.match(res.headers['content-type'] as string, /text\/html/);
        const html = res.body;
        assert.match(html, new RegExp(`<title>${d.title} \\| ${siteIdentity.ministryName}</title>`));
        assert.equal((html.match(/<title>/g) ?? []).length, 1, 'one title');
        assert.equal((html.match(/name="description"/g) ?? []).length, 1, 'one description');
        assert.doesNotMatch(html, /The shell default/);
        assert.equal(metaContent(html, 'og:title'), d.title);
        assert.equal(metaContent(html, 'twitter:title'), d.title);
        assert.equal(metaContent(html, 'og:type'), 'article');
        assert.equal(metaContent(html, 'og:url'), `${PUBLIC_URL}/devotional-detail/${d.slug}`);
        assert.match(html, new RegExp(`<link rel="canonical" href="${PUBLIC_URL}/devotional-detail/${d.slug}">`));
        const description = unescape(metaContent(html, 'og:description') ?? '');
        assert.ok(description.length > 40 && description.length <= 201, description);
        assert.doesNotMatch(description, /<|>/);
        assert.equal(
          metaContent(html, 'og:image'),
          escapeHtml(`${PUBLIC_URL}/api/share/image?src=${encodeURIComponent(d.image)}`),
        );
        assert.equal(metaContent(html, 'twitter:card'), 'summary_large_image');
        assert.equal(metaContent(html, 'og:site_name'), siteIdentity.ministryName);
        // The app itself still loads.
        assert.match(html, /<div id="root"><\/div><script defer src="\/main.js"><\/script>/);
      }
    });

    it('escapes what the database holds: quotes, angle brackets, ampersands and $ patterns stay text', async () => {
      const title = `Faith & "Fire" <script>alert('x')</script> $& $1`;
      await ctx()
        .database.db.insertInto('devotionals')
        .values({
          id: newId(),
          slug: 'escaping-test',
          title,
          image: '/media/devotional-1.svg',
          tag: 'Faith',
          detail: '<p>Tom\'s "word" &amp; $\' more</p>',
          published_at: new Date(Date.now() - 60_000),
        })
        .execute();
      const html = (await page('/devotional-detail/escaping-test')).body;
      assert.doesNotMatch(html, /<script>alert/);
      assert.equal(
        metaContent(html, 'og:title'),
        'Faith &amp; &quot;Fire&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; $&amp; $1',
      );
      assert.equal(unescape(metaContent(html, 'og:title')!), title);
      assert.equal(unescape(metaContent(html, 'og:description')!), `Tom's "word" & $' more`);
    });

    it('an event URL and a news URL show the event and the news item', async () => {
      const events = json<{ data: MinistryEvent[] }>(await ctx().app.inject({ method: 'GET', url: '/api/events' })).data;
      const eventHtml = (await page(`/events/${events[0]._id}`)).body;
      assert.equal(unescape(metaContent(eventHtml, 'og:title')!), events[0].title);
      assert.equal(metaContent(eventHtml, 'og:url'), `${PUBLIC_URL}/events/${events[0]._id}`);
      assert.equal(
        metaContent(eventHtml, 'og:image'),
        escapeHtml(`${PUBLIC_URL}/api/share/image?src=${encodeURIComponent(events[0].photo)}`),
      );

      const news = json<NewsItem[]>(await ctx().app.inject({ method: 'GET', url: '/api/news/recent' }));
      const newsHtml = (await page(`/news?item=${news[2]._id}`)).body;
      assert.equal(unescape(metaContent(newsHtml, 'og:title')!), news[2].title);
      assert.equal(metaContent(newsHtml, 'og:url'), escapeHtml(`${PUBLIC_URL}/news?item=${news[2]._id}`));

      // A press release opened on /press (its share buttons' address) shows that release.
      const releases = json<{ data: NewsItem[] }>(await ctx().app.inject({ method: 'GET', url: '/api/pressrelease' })).data;
      const pressHtml = (await page(`/press?release=${releases[1]._id}`)).body;
      assert.equal(unescape(metaContent(pressHtml, 'og:title')!), releases[1].title);
      assert.equal(metaContent(pressHtml, 'og:url'), escapeHtml(`${PUBLIC_URL}/press?release=${releases[1]._id}`));
      const unknown = await page('/press?release=00000000-0000-4000-8000-000000000000');
      assert.equal(unknown.statusCode, 404);
      assert.match(unknown.body, /<title>Press release not found \|/);
    });

    it('other pages get their own title and the site defaults; unknown ids and paths are 404s that still carry the page', async () => {
      const about = (await page('/about')).body;
      assert.match(about, new RegExp(`<title>About us \\| ${siteIdentity.ministryName}</title>`));
      assert.equal(metaContent(about, 'og:url'), `${PUBLIC_URL}/about`);
      assert.equal(
        metaContent(about, 'og:image'),
        escapeHtml(`${PUBLIC_URL}/api/share/image?src=${encodeURIComponent('/media/cover.svg')}`),
      );

      const tag = (await page('/daily-devotion/tag/Faith')).body;
      assert.equal(metaContent(tag, 'og:title'), 'Devotionals about Faith');

      const missing = await page('/devotional-detail/no-such-devotional');
      assert.equal(missing.statusCode, 404);
      assert.equal(metaContent(missing.body, 'og:title'), 'Devotional not found');

      for (const url of ['/events/not-a-uuid', '/news?item=%3Cscript%3E', '/devotional-detail/%3Cb%3E', '/some/unknown/page']) {
        const res = await page(url);
        assert.equal(res.statusCode, 404, url);
        assert.equal(metaContent(res.body, 'og:site_name'), siteIdentity.ministryName, url);
        assert.doesNotMatch(res.body, /<script>/, url);
      }
    });

    it('no soft 404s: a path no route matches, or a devotional, event or news item that does not exist, answers 404 with the app', async () => {
      const unknownUuid = '00000000-0000-4000-8000-000000000000';
      const notFound = [
        '/no-such-page',
        '/aboutus',
        '/daily-devotion/nope',
        '/events/1/2',
        '/booking/other',
        '/community/nope',
        '/signup',
        '/devotion-detail/no-such-devotional',
        '/devotional-detail/tag',
        `/devotional-detail/${unknownUuid}`,
        `/events/${unknownUuid}`,
        `/news?item=${unknownUuid}`,
      ];
      for (const url of notFound) {
        const res = await page(url);
        assert.equal(res.statusCode, 404, url);
        assert.match(res.headers['content-type'] as string, /text\/html/, url);
        // The same shell: the app shows its not-found page.
        assert.match(res.body, /<div id="root"><\/div><script defer src="\/main.js"><\/script>/, url);
      }
      assert.match((await page('/no-such-page')).body, /<title>Page not found \|/);
      assert.match((await page(`/news?item=${unknownUuid}`)).body, /<title>News item not found \|/);
    });

    it('every page of the route table answers 200', async () => {
      const d = json<{ data: Devotional[] }>(await ctx().app.inject({ method: 'GET', url: '/api/devotionals' })).data[0];
      const events = json<{ data: MinistryEvent[] }>(await ctx().app.inject({ method: 'GET', url: '/api/events' })).data;
      const news = json<NewsItem[]>(await ctx().app.inject({ method: 'GET', url: '/api/news/recent' }));
      const pages = [
        '/',
        '/login',
        '/signup/0',
        '/signup/1',
        '/nextSignup',
        '/reset-password/some-token',
        '/profile',
        '/about',
        '/about?tab=history',
        '/news',
        '/news/',
        `/news?item=${news[0]._id}`,
        '/press',
        '/policies',
        '/daily-devotion',
        '/daily-devotion/all',
        '/daily-devotion/tag/Faith',
        '/devotional-detail/tag/Faith',
        `/devotion-detail/${d._id}`,
        `/devotional-detail/${d.slug}`,
        '/community',
        '/community/moderation',
        '/events',
        `/events/${events[0]._id}`,
        '/booking',
        '/booking/success?session_id=x',
        '/booking/cancelled',
        '/offering',
      ];
      for (const url of pages) assert.equal((await page(url)).statusCode, 200, url);
    });

    it('serves preview images as 1200x630 PNGs, and only site media', async () => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/api/share/image?src=${encodeURIComponent('/media/devotional-1.svg')}`,
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/png');
      const png = res.rawPayload;
      assert.equal(png.subarray(1, 4).toString(), 'PNG');
      assert.equal(png.readUInt32BE(16), 1200);
      assert.equal(png.readUInt32BE(20), 630);

      const missing = await ctx().app.inject({
        method: 'GET',
        url: `/api/share/image?src=${encodeURIComponent('/media/none.svg')}`,
      });
      assert.equal(missing.statusCode, 404);
      for (const src of ['/media/../../etc/passwd', '/etc/passwd', 'https://evil.example/x.png', '/media/x.html', '']) {
        const bad = await ctx().app.inject({ method: 'GET', url: `/api/share/image?src=${encodeURIComponent(src)}` });
        assert.equal(bad.statusCode, 400, src);
      }
    });
  },
  {
    serveSite: true,
    config: { siteRoot: site.siteRoot, releasesDir: site.releasesDir, publicUrl: PUBLIC_URL, prerender: false },
  },
);

describe('share preview rendering', () => {
  it('replaces the tags it owns and keeps the rest of the page', () => {
    const html =
      '<html><head><meta charset="utf-8"><title>Old</title><meta name="description" content="old"><meta property="og:title" content="old"><link rel="canonical" href="/old"></head><body>x</body></html>';
    const out = applyPreview(
      html,
      { title: 'New', description: 'Fresh', image: 'https://cdn.example/x.jpg', imageAlt: 'x', path: '/about', type: 'website' },
      PUBLIC_URL,
    );
    assert.doesNotMatch(out, /Old|content="old"|\/old"/);
    assert.match(out, /<meta charset="utf-8">/);
    assert.match(out, /<body>x<\/body>/);
    assert.equal(metaContent(out, 'og:image'), 'https://cdn.example/x.jpg');
    assert.equal(metaContent(out, 'og:image:width'), undefined, 'no PNG size for a remote image');
  });

  it('writes into a page without a head after its doctype, never before it', () => {
    const out = applyPreview(
      '<!doctype html><title>Shell</title><p>x</p>',
      { title: 'T', description: 'D', image: '/media/cover.svg', imageAlt: 'x', path: '/', type: 'website' },
      PUBLIC_URL,
    );
    assert.match(out, /^<!doctype html><title>T \| /);
    assert.doesNotMatch(out, /Shell/);
    assert.match(out, /<p>x<\/p>$/);
  });

  it('pagePreview needs no database for pages without an id', async () => {
    const preview = await pagePreview(undefined as never, '/policies', {
      path: '/policies',
      app: 'mfe_content',
      title: 'Privacy Policy',
      layout: 'main',
      signedIn: false,
      ssr: true,
    });
    assert.equal(preview.title, 'Privacy Policy');
    assert.equal(preview.path, '/policies');
  });
});
