/**
 * Server-rendered pages (src/site/prerender.ts) with releases made by hand:
 * a stand-in for the shell's server renderer that answers what it was asked,
 * reads the API the way the real one does and loads a remote's server
 * container through the same checked loader. The real renderer is tested
 * through the browser tests, against the production build.
 */
import assert from 'node:assert/strict';
import { appendFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { guessViewport, injectRenderedPage } from '../src/site/prerender.js';
import { fakeShell, fakeSite, INDEX_HTML, type FakeSite } from './fakeSite.js';
import { createMember, freshDatabase, siteApp, testConfig } from './helpers.js';

/** The signed-in member a page carries (`ministry-session`): their id and first name, or null. */
function pageSession(body: string): { user: { _id: string; firstname: string } | null } {
  const found = /<script id="ministry-session" type="application\/json">(.+?)<\/script>/.exec(body);
  assert.ok(found, 'the page carries who is signed in');
  const { user } = JSON.parse(found[1]) as { user: { _id: string; firstname: string } | null };
  return { user: user && { _id: user._id, firstname: user.firstname } };
}

/**
 * A renderer that renders the devotionals it reads from the API, and what the
 * remote `mfe_x`'s server container says, or fails when asked to.
 */
function fakeRenderer(version: string): string {
  return `
exports.start = async (options) => ({
  checkRemote: async () => [],
  renderPage: async ({ url, origin, viewport, modules }) => {
    if (url.startsWith('/news')) return null;
    const { status, body } = await options.readApi('/api/devotionals');
    const titles = status === 200 ? body.data.slice(0, 2).map((d) => d.title).join(' | ') : 'none';
    let part = '';
    const left = [];
    if (modules.includes('mfe_x/routes')) {
      try {
        part = (await options.loadContainer(options.serverEntries.mfe_x, 'mfe_x')).say();
      } catch (error) {
        left.push(error.message);
        part = '<!--$!-->left<!--/$-->';
      }
    }
    return {
      html: '<link rel="preload" as="image" href="/media/a.svg"/><main>${version} ' + url + ' ' + viewport + ' ' + origin + ' ' + titles + ' ' + part + ' </script></main>',
      styles: '<style data-styled="true">.a{color:red}</style>',
      prerendered: { url, viewport, resources: { devotionals: titles, evil: '</script><script>alert(1)</script>' } },
      leftForTheBrowser: left,
    };
  },
});`;
}

const remoteX = (says: string) => ({
  name: 'mfe_x',
  label: 'the x pages',
  exposes: ['./routes'],
  pages: [
    { path: '/daily-devotion' },
    { path: '/about' },
    { path: '/news' },
    { path: '/community' },
    { path: '/x/members', signedIn: true },
    { path: '/x/form', layout: 'auth' as const },
  ],
  files: {
    'browser/mf-manifest.json': '{}',
    'browser/remoteEntry.js': '',
    'server/remoteEntry.js': `module.exports = { mfe_x: { say: () => ${JSON.stringify(says)} } };`,
  },
});

describe('server-rendered pages', () => {
  let app: FastifyInstance;
  let site: FakeSite;
  let cleanup: () => Promise<void>;
  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const logged: string[] = [];

  before(async () => {
    site = fakeSite();
    site.release('shell', fakeShell(fakeRenderer('v1')));
    site.release('mfe-x', remoteX('the remote part'));
    ({ app, cleanup } = await siteApp(site));
    for (const level of ['warn', 'info'] as const) {
      const original = app.log[level].bind(app.log);
      app.log[level] = ((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
        return (original as (...a: unknown[]) => void)(...args);
      }) as never;
    }
  });

  after(async () => {
    await app.close();
    await cleanup();
  });

  it("answers a public page with its content, CSS and the data it used, in the shell's HTML", async () => {
    const res = await page('/daily-devotion', {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari',
      host: 'church.example',
    });
    assert.equal(res.statusCode, 200);
    const body = res.body;
    const root =
      /<div id=root><main>v1 \/daily-devotion mobile http:\/\/church\.example (.+?) the remote part <\/script><\/main><\/div>/.exec(
        body,
      );
    assert.ok(root, 'the rendered page, with the remote part, is inside the root element');
    assert.notEqual(root[1], 'none', 'the renderer read the devotionals from the API');
    assert.doesNotMatch(body, /id=boot/, 'the loading placeholder is gone');
    const head = body.slice(0, body.indexOf('</head>'));
    assert.match(head, /<style data-styled="true">\.a\{color:red\}<\/style>/);
    assert.match(head, /<link rel="preload" as="image" href="\/media\/a.svg"\/>/, "React's early resources go to the head");
    const data = /<script id="ministry-prerendered" type="application\/json">(.+?)<\/script>/.exec(body);
    assert.ok(data);
    assert.doesNotMatch(data[1], /<\/?script/i, 'the data cannot close its script element');
    const carried = JSON.parse(data[1]);
    assert.equal(carried.url, '/daily-devotion');
    assert.equal(carried.resources.devotionals, root[1]);
    assert.equal(carried.resources.evil, '</script><script>alert(1)</script>');
    assert.match(String(res.headers.vary), /Cookie/);
  });

  it('renders for a desktop browser too, and keeps the query', async () => {
    const res = await page('/community?tab=story', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' });
    assert.match(res.body, /<main>v1 \/community\?tab=story desktop /);
  });

  it('leaves signed-in members, the auth layout, members-only pages and unknown paths to the browser', async () => {
    const { cookie, id } = await createMember(app, { firstname: 'Ruth' });
    const member = await page('/daily-devotion', { cookie });
    assert.match(member.body, /id=boot/);
    assert.doesNotMatch(member.body, /ministry-prerendered/);
    // The page says who is signed in (the server's session decides), and is the member's alone.
    assert.deepEqual(pageSession(member.body), { user: { _id: id, firstname: 'Ruth' } });
    assert.match(String(member.headers['cache-control']), /private/);
    for (const url of ['/x/form', '/x/members', '/no-such-page']) {
      const res = await page(url);
      assert.match(res.body, /id=boot/, url);
      assert.doesNotMatch(res.body, /ministry-prerendered/, url);
    }
    assert.equal((await page('/no-such-page')).statusCode, 404);
  });

  it('treats a cookie whose session ended as a visitor: the cookie is cleared, the page rendered and signed out', async () => {
    const visitor = await page('/about');
    assert.deepEqual(pageSession(visitor.body), { user: null }, "a visitor's page says nobody is signed in");
    const { cookie } = await createMember(app);
    assert.equal((await app.inject({ method: 'DELETE', url: '/api/user/logout', headers: { cookie } })).statusCode, 200);
    const ended = await page('/about', { cookie });
    assert.match(ended.body, /<main>v\d \/about /, "rendered on the server like any visitor's");
    assert.deepEqual(pageSession(ended.body), { user: null });
    const cleared = ended.cookies.find((c) => c.name === 'sid');
    assert.ok(cleared && cleared.value === '', 'the dead cookie is cleared');
    assert.match(String(ended.headers['cache-control']), /private/);
  });

  it('falls back to the browser when the renderer answers nothing, and picks up a new release of the shell without a restart', async () => {
    const news = await page('/news');
    assert.equal(news.statusCode, 200);
    assert.match(news.body, /id=boot/);

    site.release('shell', fakeShell(fakeRenderer('v2')));
    assert.match((await page('/about')).body, /<main>v2 \/about /);

    site.release('shell', fakeShell('throw new Error("a broken build");'));
    const broken = await page('/about');
    assert.equal(broken.statusCode, 200);
    assert.match(broken.body, /id=boot/, 'a renderer that cannot start leaves the page to the browser');
    assert.ok(
      logged.some((line) => /could not start: a broken build/.test(line)),
      'the log says why',
    );
    site.release('shell', fakeShell(fakeRenderer('v3')));
  });

  it("runs a remote's server code only as its release recorded it: a changed file is refused and its part left to the browser", async () => {
    site.release('mfe-x', remoteX('the second release'));
    assert.match((await page('/about')).body, /<main>v3 \/about .* the second release /);

    const folder = path.join(site.releasesDir, 'mfe-x');
    const live = readdirSync(folder)
      .filter((f) => /^\d{8}-/.test(f))
      .sort()
      .at(-1)!;
    appendFileSync(path.join(folder, live, 'server/remoteEntry.js'), '\n// changed after the release was checked');
    // A new renderer (a new release of the shell) loads the remote again, and must refuse it.
    site.release('shell', fakeShell(fakeRenderer('v4')));
    const res = await page('/about');
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<main>v4 \/about .*<!--\$!-->left<!--\/\$-->/);
    assert.doesNotMatch(res.body, /the second release/);
    assert.ok(
      logged.some((line) => /changed since its release was checked/.test(line)),
      'the log says why',
    );
  });
});

describe("a release's pages", () => {
  it('are served as soon as the release is live: a new page answers 200, and a path nobody owns 404', async () => {
    const site = fakeSite();
    site.release('shell', fakeShell());
    site.release('mfe-x', { name: 'mfe_x', pages: [{ path: '/x' }], files: { 'browser/mf-manifest.json': '{}' } });
    const { database, cleanup } = await freshDatabase('pglite');
    const app = await buildApp({
      database,
      config: testConfig({ siteRoot: site.siteRoot, releasesDir: site.releasesDir, prerender: false }),
      serveSite: true,
    });
    try {
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      assert.equal((await get('/x')).statusCode, 200);
      assert.equal((await get('/x/new-page')).statusCode, 404);
      site.release('mfe-x', {
        name: 'mfe_x',
        pages: [{ path: '/x' }, { path: '/x/new-page', title: 'A new page' }],
        files: { 'browser/mf-manifest.json': '{}' },
      });
      const added = await get('/x/new-page');
      assert.equal(added.statusCode, 200);
      assert.match(added.body, /<title>A new page \| /, "the page's title from its release");
      const config = JSON.parse(
        /<script id="ministry-runtime-config" type="application\/json">([^<]+)<\/script>/.exec(added.body)![1],
      );
      assert.ok(config.pages.some((p: { path: string; app: string }) => p.path === '/x/new-page' && p.app === 'mfe_x'));
    } finally {
      await app.close();
      await cleanup();
    }
  });
});

describe('prerender helpers', () => {
  it('guesses a phone from the client hint, else from the user agent', () => {
    const request = (headers: Record<string, string>) => headers;
    assert.equal(guessViewport(request({ 'sec-ch-ua-mobile': '?1' })), 'mobile');
    assert.equal(guessViewport(request({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Android Mobile' })), 'desktop');
    assert.equal(guessViewport(request({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' })), 'mobile');
    assert.equal(guessViewport(request({ 'user-agent': 'Mozilla/5.0 (Windows NT 10.0)' })), 'desktop');
    assert.equal(guessViewport(request({})), 'desktop');
  });

  it('refuses a shell page it cannot place the content in', () => {
    const rendered = {
      html: '<main>x</main>',
      styles: '',
      prerendered: { url: '/', viewport: 'desktop' as const, resources: {} },
    };
    assert.equal(injectRenderedPage('<html><head></head><body><div id="app"></div></body></html>', rendered), null);
    assert.match(
      injectRenderedPage(INDEX_HTML, rendered) ?? '',
      /<div id=root><main>x<\/main><\/div><script id="ministry-prerendered"/,
    );
  });
});
