/**
 * Request hygiene an outside probe found lacking: checks that an encoded
 * path slipped past, a cleaner that put markup back, inputs that answered
 * 500, missing headers, page rendering that starved the API, and a slow
 * body that kept its connection open.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { buildApp } from '../src/app.js';
import { sanitizePlainText } from '../src/lib/sanitize.js';
import { fakeShell, fakeSite } from './fakeSite.js';
import { createMember, describeEachDatabase, freshDatabase, json, startServerProcess, testConfig } from './helpers.js';

type Err = { error: { code: string; message: string; fields?: Record<string, string> } };

describeEachDatabase('request hygiene', (ctx) => {
  it('an encoded path meets the same Origin and content-type checks as the plain one', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    for (const url of ['/%61pi/user/login', '/api/user/%6Cogin', '/%2561pi/user/login']) {
      const foreign = await app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example' },
        payload: { email: member.email, password: member.password },
      });
      assert.ok(foreign.statusCode === 403 || foreign.statusCode === 404, `${url}: ${foreign.statusCode}`);
      assert.ok(!foreign.cookies.some((c) => c.name === 'sid'), `${url} gave no session`);
    }
    const plainText = await app.inject({
      method: 'POST',
      url: '/%61pi/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: member.email, password: member.password }),
    });
    assert.equal(plainText.statusCode, 415);
  });

  it('text that decodes to markup is stored without it', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    const sent = '&lt;img src=x onerror=alert(1)&gt;Amen &amp;lt;script&amp;gt;';
    const res = await app.inject({
      method: 'POST',
      url: `/api/prayers/add/${member.id}`,
      headers: { cookie: member.cookie },
      payload: { text: `1 < 2 ${sent}` },
    });
    assert.equal(res.statusCode, 201, res.body);
    const stored = (await app.db.selectFrom('prayers').select('text').where('user_id', '=', member.id).executeTakeFirstOrThrow())
      .text;
    assert.doesNotMatch(stored, /<img|<script|onerror/i);
    assert.match(stored, /^1 < 2 Amen/);
    assert.equal(sanitizePlainText('&#60;b&#62;bold&#60;/b&#62; & more'), 'bold & more');
    // However many times it is encoded, markup never comes back.
    let deep = '<img src=x onerror=alert(1)>';
    for (let i = 0; i < 12; i++) deep = deep.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    assert.doesNotMatch(sanitizePlainText(`Amen ${deep}`), /<img|onerror/i);
  });

  it('an infinite number or a date not on the calendar is a 400, never a 500', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    for (const url of ['/api/devotionals?limit=1e309', '/api/news/recent?limit=Infinity', '/api/devotionals?limit=-Infinity']) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 400, url);
      assert.equal(json<Err>(res).error.fields?.limit, 'Must be a finite number');
    }
    const date = await app.inject({
      method: 'PUT',
      url: `/api/user/updateBasic/${member.id}`,
      headers: { cookie: member.cookie },
      payload: { birth_date: '1999-02-31' },
    });
    assert.equal(date.statusCode, 400);
    assert.equal(json<Err>(date).error.fields?.birth_date, 'Invalid date');
  });

  it('personal answers are never cached; public lists keep their caching', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    const mine = await app.inject({ url: `/api/user/search/${member.id}`, headers: { cookie: member.cookie } });
    assert.equal(mine.headers['cache-control'], 'no-store');
    const prayers = await app.inject({ url: '/api/prayers', headers: { cookie: member.cookie } });
    assert.equal(prayers.headers['cache-control'], 'no-store', 'a list with my own posts in it');
    const publicList = await app.inject({ url: '/api/prayers' });
    assert.notEqual(publicList.headers['cache-control'], 'no-store');
    assert.equal(publicList.headers['strict-transport-security'], undefined, 'no HSTS over plain HTTP');
  });
});

it('over HTTPS every answer carries HSTS', async () => {
  const { database, cleanup } = await freshDatabase('pglite');
  const app = await buildApp({
    database,
    config: testConfig({ secureCookies: true, publicUrl: 'https://church.example' }),
    serveSite: false,
  });
  try {
    const res = await app.inject({ url: '/api/health' });
    assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  } finally {
    await app.close();
    await cleanup();
  }
});

it('a rush of page loads is rendered off the event loop, a few at a time, and never starves the API', async () => {
  const site = fakeSite();
  // A renderer that holds its thread for 40 ms a page, as a heavy page would.
  site.release(
    'shell',
    fakeShell(
      `exports.start = async () => ({
  checkRemote: async () => [],
  renderPage: async ({ url }) => {
    const until = Date.now() + 40;
    while (Date.now() < until) {}
    return { html: '<main>' + url + '</main>', styles: '', prerendered: { url, resources: {} }, leftForTheBrowser: [] };
  },
});`,
      { pages: [{ path: '/' }, { path: '/about' }] },
    ),
  );
  // The server in a process of its own: the 200 page loads this test makes do not share its event loop.
  const { child, url: base } = await startServerProcess({
    SITE_ROOT: site.siteRoot,
    RELEASES_DIR: site.releasesDir,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ministry-rush-data-')),
    DATABASE_URL: '',
    PRERENDER_CONCURRENCY: '4',
  });
  try {
    const pages = Array.from({ length: 200 }, () =>
      fetch(`${base}/about`, { headers: { accept: 'text/html' } }).then((r) => r.text()),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    const health = await fetch(`${base}/api/health`);
    const took = Date.now() - started;
    assert.equal(health.status, 200);
    const bodies = await Promise.all(pages);
    assert.ok(took < 1000, `the API answered in ${took} ms during the rush`);
    assert.ok(
      bodies.some((b) => b.includes('<main>/about</main>')),
      'some pages were rendered on the server',
    );
    assert.ok(
      bodies.every((b) => b.includes('<div id=root')),
      'every page was served',
    );
  } finally {
    child.kill('SIGKILL');
  }
});

it('a request whose body comes too slowly is closed within REQUEST_TIMEOUT_SECONDS', async () => {
  const { database, cleanup } = await freshDatabase('pglite');
  const app = await buildApp({ database, config: testConfig({ requestTimeoutSeconds: 1 }), serveSite: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  try {
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
        );
      });
      // A byte now and then, never the whole body.
      const drip = setInterval(() => socket.writable && socket.write(' '), 200);
      socket.on('data', () => {});
      socket.on('close', () => {
        clearInterval(drip);
        resolve(Date.now() - started);
      });
      socket.on('error', () => {});
      setTimeout(() => reject(new Error('the connection was still open after 10 s')), 10_000).unref();
    });
    assert.ok(closedAfter < 5000, `closed after ${closedAfter} ms`);
  } finally {
    await app.close();
    await cleanup();
  }
});
