/**
 * Server-rendered pages (src/plugins/prerender.ts), with a stand-in for the
 * built renderer (shell/dist-ssr/render.cjs) that answers what it was asked
 * and reads the API the way the real one does. The real renderer is tested
 * through the browser tests, against the production build.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { guessViewport, injectRenderedPage } from '../src/plugins/prerender.js';
import { freshDatabase, testConfig } from './helpers.js';

const INDEX = '<!doctype html><html><head><title>Site</title></head><body><div id=root><div id=boot role=status>Loading…</div></div><script defer src=/main.js></script></body></html>';

/** A renderer that renders the devotionals it reads from the API, or fails when asked to. */
function fakeRenderer(version: string): string {
  return `
let read;
exports.useApi = (r) => { read = r; };
exports.renderPage = async ({ url, origin, viewport }) => {
  if (url.startsWith('/news')) return null;
  const { status, body } = await read('/api/devotionals');
  const titles = status === 200 ? body.data.slice(0, 2).map((d) => d.title).join(' | ') : 'none';
  return {
    html: '<link rel="preload" as="image" href="/media/a.svg"/><main>${version} ' + url + ' ' + viewport + ' ' + origin + ' ' + titles + ' </script></main>',
    styles: '<style data-styled="true">.a{color:red}</style>',
    prerendered: { url, viewport, resources: { devotionals: titles, evil: '</script><script>alert(1)</script>' } },
  };
};`;
}

describe('server-rendered pages', () => {
  let app: FastifyInstance;
  let siteRoot: string;
  let cleanup: () => Promise<void>;
  const renderer = () => path.join(siteRoot, 'shell/dist-ssr/render.cjs');
  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  before(async () => {
    siteRoot = mkdtempSync(path.join(tmpdir(), 'ministry-prerender-'));
    for (const dir of ['shell/dist', 'shell/dist-ssr', 'api/content/media']) mkdirSync(path.join(siteRoot, dir), { recursive: true });
    writeFileSync(path.join(siteRoot, 'shell/dist/index.html'), INDEX);
    writeFileSync(renderer(), fakeRenderer('v1'));
    const fresh = await freshDatabase('pglite');
    cleanup = fresh.cleanup;
    const { seedIfEmpty } = await import('../src/seed/index.js');
    await seedIfEmpty(fresh.database.db);
    app = await buildApp({ database: fresh.database, config: testConfig({ siteRoot }), serveSite: true });
  });

  after(async () => {
    await app.close();
    await cleanup();
  });

  it("answers a public page with its content, CSS and the data it used, in the shell's HTML", async () => {
    const res = await page('/daily-devotion', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari', host: 'church.example' });
    assert.equal(res.statusCode, 200);
    const body = res.body;
    const root = /<div id=root><main>v1 \/daily-devotion mobile http:\/\/church\.example (.+?) <\/script><\/main><\/div>/.exec(body);
    assert.ok(root, 'the rendered page is inside the root element');
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

  it('leaves signed-in members, the account forms, members-only pages and unknown paths to the browser', async () => {
    const member = await page('/daily-devotion', { cookie: 'sid=anything' });
    assert.match(member.body, /id=boot/);
    assert.doesNotMatch(member.body, /ministry-prerendered/);
    for (const url of ['/login', '/signup/0', '/profile', '/booking', '/community/moderation', '/no-such-page']) {
      const res = await page(url);
      assert.match(res.body, /id=boot/, url);
      assert.doesNotMatch(res.body, /ministry-prerendered/, url);
    }
  });

  it("falls back to the browser when the renderer answers nothing, and picks up a new build", async () => {
    const news = await page('/news');
    assert.equal(news.statusCode, 200);
    assert.match(news.body, /id=boot/);

    writeFileSync(renderer(), fakeRenderer('v2'));
    const later = new Date(Date.now() + 5000);
    utimesSync(renderer(), later, later);
    assert.match((await page('/about')).body, /<main>v2 \/about /);

    writeFileSync(renderer(), 'throw new Error("a broken build");');
    const latest = new Date(Date.now() + 10000);
    utimesSync(renderer(), latest, latest);
    const broken = await page('/about');
    assert.equal(broken.statusCode, 200);
    assert.match(broken.body, /id=boot/, 'a renderer that cannot load leaves the page to the browser');
  });
});

describe('prerender helpers', () => {
  it('guesses a phone from the client hint, else from the user agent', () => {
    const request = (headers: Record<string, string>) => ({ headers }) as never;
    assert.equal(guessViewport(request({ 'sec-ch-ua-mobile': '?1' })), 'mobile');
    assert.equal(guessViewport(request({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Android Mobile' })), 'desktop');
    assert.equal(guessViewport(request({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' })), 'mobile');
    assert.equal(guessViewport(request({ 'user-agent': 'Mozilla/5.0 (Windows NT 10.0)' })), 'desktop');
    assert.equal(guessViewport(request({})), 'desktop');
  });

  it('refuses a shell page it cannot place the content in', () => {
    const rendered = { html: '<main>x</main>', styles: '', prerendered: { url: '/', viewport: 'desktop' as const, resources: {} } };
    assert.equal(injectRenderedPage('<html><head></head><body><div id="app"></div></body></html>', rendered), null);
    assert.match(injectRenderedPage(INDEX, rendered) ?? '', /<div id=root><main>x<\/main><\/div><script id="ministry-prerendered"/);
  });
});
