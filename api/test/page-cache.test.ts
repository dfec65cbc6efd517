/**
 * Rendered pages, kept (src/site/pageCache.ts): a visitor's page is rendered
 * once and served from memory until what it shows changes; signed-in
 * members never get the kept copy; a visitor never waits for a render
 * another visitor started. A stand-in renderer counts its renders and
 * shows what it reads from the API.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { fakeShell, fakeSite, type FakeSite } from './fakeSite.js';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { openDatabase, type Db } from '../src/db/index.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { browserLike, createMember, freshDatabase, overHttp, publishBody, siteApp, testConfig } from './helpers.js';

/** Renders the first event's seats left (or the press releases), counting renders in a global the test reads through a page. */
const renderer = `
let renders = 0;
exports.start = async (options) => ({
  checkRemote: async () => [],
  renderPage: async ({ url, viewport }) => {
    renders += 1;
    if (url.startsWith('/slow')) await new Promise((r) => setTimeout(r, 600));
    if (url.startsWith('/never')) await new Promise((r) => setTimeout(r, 60_000));
    const events = await options.readApi('/api/events');
    const seats = events.body.data.map((e) => e.seatsLeft).join(',');
    const prayers = url.startsWith('/community') ? (await options.readApi('/api/prayers/')).body.data.map((p) => p.text).join('|') : '';
    return {
      html: '<main>render ' + renders + ' of ' + url + ' (' + viewport + ') seats ' + seats + ' prayers ' + prayers + '</main>',
      styles: '',
      prerendered: { url, viewport, resources: {} },
      leftForTheBrowser: [],
    };
  },
});`;

/** A new member holds two seats of the first event with more than two left: the events list before, and that event. */
async function holdTwoSeats(app: FastifyInstance) {
  const member = await createMember(app);
  const list = (await app.inject({ method: 'GET', url: '/api/events' })).json() as {
    data: { _id: string; seatsLeft: number; price_Id: string | null }[];
  };
  const event = list.data.find((e) => e.seatsLeft > 2)!;
  const hold = await app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: { cookie: member.cookie },
    payload: { items: [{ quantity: 2, price: event.price_Id }], user: member.id, event: event._id },
  });
  assert.equal(hold.statusCode, 200, hold.body);
  return { list, event };
}

describe('rendered pages, kept', () => {
  let app: FastifyInstance;
  let site: FakeSite;
  let cleanup: () => Promise<void>;
  // Over a socket, as browsers ask: the server's front answers there (pageFront.ts).
  let http: ReturnType<typeof overHttp>;
  const get = (url: string, headers: Record<string, string> = {}) =>
    http(url, { accept: 'text/html', 'accept-encoding': 'identity', ...headers });
  const renderNumber = (html: string) => Number(/render (\d+) of/.exec(html)?.[1] ?? NaN);

  before(async () => {
    site = fakeSite();
    site.release('shell', fakeShell(renderer, { pages: [{ path: '/' }] }));
    site.release('mfe-x', {
      name: 'mfe_x',
      exposes: ['./routes'],
      pages: [{ path: '/events' }, { path: '/about' }, { path: '/slow' }, { path: '/never' }, { path: '/community' }].map(
        (p) => ({ ...p, data: p.path === '/about' ? [] : p.path === '/community' ? ['prayers'] : ['events'] }),
      ),
      files: { 'browser/mf-manifest.json': '{}', 'server/remoteEntry.js': 'module.exports = {}' },
    });
    ({ app, cleanup } = await siteApp(site, { prerenderTimeoutMs: 2000 }));
    http = overHttp(app);
  });

  after(async () => {
    await app.close();
    await cleanup();
  });

  it('renders a page once and serves it from memory after, with an ETag (304 when the browser has it)', async () => {
    const first = await get('/events');
    assert.equal(first.statusCode, 200);
    const n = renderNumber(first.body);
    assert.ok(n >= 1, first.body.slice(0, 300));
    const second = await get('/events');
    assert.equal(renderNumber(second.body), n, 'not rendered again');
    assert.ok(second.headers.etag);
    assert.match(String(second.headers['cache-control']), /s-maxage/);
    const unchanged = await get('/events', { 'if-none-match': String(second.headers.etag) });
    assert.equal(unchanged.statusCode, 304);
    assert.equal(unchanged.body, '');
    // Compressed once, as kept.
    const br = await app.inject({ method: 'GET', url: '/events', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    assert.equal(br.headers['content-encoding'], 'br');
  });

  it("keeps one copy for a page's address whatever trackers a link adds (utm_*, fbclid), and renders it without them", async () => {
    const plain = await get('/events?page=2');
    const shared = await get('/events?page=2&fbclid=IwAR0abc&utm_source=facebook');
    assert.equal(renderNumber(shared.body), renderNumber(plain.body), 'the same kept copy');
    assert.match(shared.body, /render \d+ of \/events\?page=2 /);
    assert.doesNotMatch(shared.body, /fbclid|utm_source/);
  });

  it('renders it again once what it shows changes (a seat sold), and only the pages that show it', async () => {
    const events = renderNumber((await get('/events')).body);
    const about = renderNumber((await get('/about')).body);
    // A member holds two seats: the seats change.
    const { event } = await holdTwoSeats(app);
    const after = await get('/events');
    assert.ok(renderNumber(after.body) > events, 'the events page is rendered again');
    assert.match(after.body, new RegExp(`seats [\\d,]*${event.seatsLeft - 2}`));
    assert.equal(renderNumber((await get('/about')).body), about, 'a page that does not show events is kept');
  });

  it('renders the prayer wall again once a prayer is published, and not for a write that changes nothing it shows', async () => {
    const member = await createMember(app);
    const admin = await createMember(app, { role: 'admin' });
    const before = renderNumber((await get('/community')).body);
    const posted = await app.inject({
      method: 'POST',
      url: `/api/prayers/add/${member.id}`,
      headers: { cookie: member.cookie },
      payload: { text: 'Pray for the harvest' },
    });
    assert.equal(posted.statusCode, 201, posted.body);
    const id = (posted.json() as { data: { _id: string } }).data._id;
    await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'reader@example.com' } });
    const events = renderNumber((await get('/events')).body);
    const published = await app.inject({
      method: 'POST',
      url: `/api/moderation/prayers/${id}/publish`,
      headers: { cookie: admin.cookie },
      payload: await publishBody(app, 'prayers', id),
    });
    assert.equal(published.statusCode, 200, published.body);
    const after = await get('/community');
    assert.ok(renderNumber(after.body) > before, 'rendered again');
    assert.match(after.body, /Pray for the harvest/);
    assert.equal(renderNumber((await get('/events')).body), events, 'the events page did not change');
  });

  it('a post hidden by reports leaves the kept page at once: a new ETag, without it', async () => {
    const author = await createMember(app);
    const admin = await createMember(app, { role: 'admin' });
    const posted = await app.inject({
      method: 'POST',
      url: `/api/prayers/add/${author.id}`,
      headers: { cookie: author.cookie },
      payload: { text: 'Words some find unkind' },
    });
    const id = (posted.json() as { data: { _id: string } }).data._id;
    await app.inject({
      method: 'POST',
      url: `/api/moderation/prayers/${id}/publish`,
      headers: { cookie: admin.cookie },
      payload: await publishBody(app, 'prayers', id),
    });
    const shown = await get('/community');
    assert.match(shown.body, /Words some find unkind/);
    assert.equal((await get('/community', { 'if-none-match': String(shown.headers.etag) })).statusCode, 304, 'kept');
    // Three members in good standing (accounts more than a week old) report it.
    for (let i = 0; i < app.config.reportsToHide; i++) {
      const reporter = await createMember(app);
      await app.db
        .updateTable('users')
        .set({ created_at: new Date(Date.now() - 8 * 86_400_000) })
        .where('id', '=', reporter.id)
        .execute();
      const reported = await app.inject({
        method: 'POST',
        url: `/api/community/report/prayers/${id}`,
        headers: { cookie: reporter.cookie },
        payload: { reason: 'Unkind' },
      });
      assert.equal(reported.statusCode, 200, reported.body);
    }
    const hidden = await get('/community', { 'if-none-match': String(shown.headers.etag) });
    assert.equal(hidden.statusCode, 200, 'the kept copy is not served');
    assert.notEqual(hidden.headers.etag, shown.headers.etag);
    assert.doesNotMatch(hidden.body, /Words some find unkind/);
  });

  it("answers a kept page's next visitors from the server's front, as the site sent it, and leaves it any request that is someone's", async () => {
    const front = app.pageFront!;
    await get('/events');
    // A change: the site renders the page again and sends it; the front answers the next visitor.
    app.answerCache.clear('events');
    const sentBefore = front.sent;
    const bySite = await get('/events');
    assert.equal(front.sent, sentBefore, 'the first visitor after a change gets the page from the site');
    const byFront = await get('/events');
    assert.equal(front.sent, sentBefore + 1, 'the next one from the front');
    assert.equal(byFront.body, bySite.body);
    for (const name of [
      'etag',
      'cache-control',
      'content-security-policy',
      'content-type',
      'content-length',
      'vary',
      'x-frame-options',
    ])
      assert.equal(byFront.headers[name], bySite.headers[name], name);
    // A visitor's unrelated cookies (a canary bucket while no canary runs, a site's analytics) do not matter.
    await get('/events', { cookie: 'mf_canary=12; theme=dark' });
    assert.equal(front.sent, sentBefore + 2);
    const member = await createMember(app);
    const theirs: Record<string, string>[] = [
      { cookie: member.cookie },
      { cookie: `theme=dark; ${member.cookie}` },
      { cookie: 'mf_preview=a-release-check' },
      { cookie: 'mf_canary_opt_in=1' },
      { 'x-release-preview': 'a-release-check' },
      { 'if-none-match': String(bySite.headers.etag) },
      { accept: 'application/json' },
      { 'x-forwarded-proto': 'https' },
    ];
    for (const headers of theirs) {
      const answer = await get('/events', headers);
      assert.equal(front.sent, sentBefore + 2, `left to the site: ${JSON.stringify(headers)}`);
      if (headers['if-none-match']) assert.equal(answer.statusCode, 304);
    }
    // Another encoding, another viewport: another answer, first sent by the site, then kept by the front too.
    await get('/events', { 'accept-encoding': 'br' });
    await get('/events', { 'accept-encoding': 'br' });
    assert.equal(front.sent, sentBefore + 3);
  });

  it("never serves the kept copy to a signed-in member, nor keeps a member's page", async () => {
    await get('/events');
    const member = await createMember(app);
    const signedIn = await get('/events', { cookie: member.cookie });
    assert.doesNotMatch(signedIn.body, /render \d+ of/, 'a member gets the page to render in the browser');
    assert.equal(signedIn.headers.etag, undefined);
    assert.equal(signedIn.headers['cache-control'], 'private, no-cache', 'it names the member: no shared cache keeps it');
  });

  it("renders it again when the day changes on the site's clock", async () => {
    const today = renderNumber((await get('/about')).body);
    assert.equal(renderNumber((await get('/about')).body), today);
    app.clock.setNow(new Date(Date.now() + 26 * 3_600_000));
    try {
      assert.ok(renderNumber((await get('/about')).body) > today);
    } finally {
      app.clock.setNow(new Date());
    }
  });

  it('a visitor never waits for a render another visitor started: they get the copy before it', async () => {
    await get('/slow');
    app.answerCache.clear('events');
    const started = Date.now();
    const [renewing, meanwhile] = await Promise.all([
      get('/slow'),
      new Promise((r) => setTimeout(r, 100)).then(() => get('/slow')),
    ]);
    assert.ok(renderNumber(renewing.body) > renderNumber(meanwhile.body), 'the second visitor got the copy before');
    assert.ok(Date.now() - started >= 600, 'the first one waited for its render');
  });

  it('a render that takes too long leaves the page to the browser, with a 200, and is not kept', async () => {
    const slow = await get('/never');
    assert.equal(slow.statusCode, 200);
    assert.match(slow.body, /id=boot/);
    assert.equal(slow.headers.etag, undefined);
  });
});

describe(
  'kept pages in two processes sharing PostgreSQL and Redis',
  { skip: process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL ? false : 'needs TEST_DATABASE_URL and TEST_REDIS_URL' },
  () => {
    const prefix = `ministry-test-${randomBytes(4).toString('hex')}:`;
    const apps: FastifyInstance[] = [];
    const databases: Db[] = [];
    let cleanup: () => Promise<void>;

    before(async () => {
      const site = fakeSite();
      site.release('shell', fakeShell(renderer, { pages: [{ path: '/' }] }));
      site.release('mfe-x', {
        name: 'mfe_x',
        exposes: ['./routes'],
        pages: [{ path: '/events', data: ['events'] }],
        files: { 'browser/mf-manifest.json': '{}', 'server/remoteEntry.js': 'module.exports = {}' },
      });
      const fresh = await freshDatabase('postgres');
      cleanup = fresh.cleanup;
      await seedIfEmpty(fresh.database.db);
      databases.push(fresh.database, await openDatabase({ url: fresh.url! }));
      for (const database of databases) {
        const config = testConfig({
          siteRoot: site.siteRoot,
          releasesDir: site.releasesDir,
          renderWorkers: 1,
          prerenderTimeoutMs: 2000,
          redisUrl: process.env.TEST_REDIS_URL,
          redisPrefix: prefix,
        });
        apps.push(browserLike(await buildApp({ database, config, serveSite: true })));
      }
    });

    after(async () => {
      for (const app of apps) await app.close();
      await databases[1]?.close();
      await cleanup?.();
      const redis = new Redis(process.env.TEST_REDIS_URL!);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    });

    it("a seat held through one process renews the page the other's front sends", async () => {
      const [one, other] = apps as [FastifyInstance, FastifyInstance];
      const http = overHttp(other);
      const get = () => http('/events', { accept: 'text/html', 'accept-encoding': 'identity' });
      const seats = (html: string) => /seats ([\d,]*)/.exec(html)?.[1];
      const before = await get();
      assert.equal((await get()).body, before.body);
      const sent = other.pageFront!.sent;
      assert.equal((await get()).body, before.body);
      assert.equal(other.pageFront!.sent, sent + 1, "the other process's front sends it");

      const { list, event } = await holdTwoSeats(one);
      const expected = list.data.map((e) => (e._id === event._id ? e.seatsLeft - 2 : e.seatsLeft)).join(',');
      // The change reaches the other process through Redis: its page shows it as soon as the word arrives.
      const deadline = Date.now() + 10_000;
      let page = await get();
      while (seats(page.body) !== expected && Date.now() < deadline) {
        await new Promise((resolve) => setImmediate(resolve));
        page = await get();
      }
      assert.equal(seats(page.body), expected, 'the page shows the seat held');
      assert.notEqual(page.headers.etag, before.headers.etag);
    });
  },
);
