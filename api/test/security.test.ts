/**
 * Security checks across the API: session fixation, cookie flags, requests
 * from a foreign Origin, another member's id on every id-bearing path,
 * stored XSS through every text field, and hostile uploads.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import sharp from 'sharp';
import { describe } from 'node:test';
import { loadConfig } from '../src/config.js';
import { ORIGIN_EXEMPT } from '../src/plugins/security.js';
import { confirmationTokenFor, createMember, describeEachDatabase, json, login } from './helpers.js';

const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>Hello';
const FOREIGN = 'https://evil.example';

function multipart(content: Buffer, filename = 'photo.png', type = 'image/png') {
  const boundary = '----security-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describeEachDatabase(
  'security',
  (ctx) => {
    it('session fixation: a session id chosen by someone else is never adopted; login issues a fresh one', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const planted = 'A'.repeat(43);
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { cookie: `sid=${planted}` },
        payload: { email: member.email, password: member.password },
      });
      assert.equal(res.statusCode, 200);
      const issued = res.cookies.find((c) => c.name === 'sid')!.value;
      assert.notEqual(issued, planted);
      assert.equal(
        (await app.inject({ url: `/api/user/search/${member.id}`, headers: { cookie: `sid=${planted}` } })).statusCode,
        401,
      );
    });

    it('cookies are HttpOnly, SameSite=Lax and path /, and the session cookie is never readable as JSON', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: member.email, password: member.password },
      });
      const cookie = res.cookies.find((c) => c.name === 'sid')!;
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(cookie.path, '/');
      assert.ok(!res.body.includes(cookie.value), 'the token is not in the body');
    });

    it('every unsafe route refuses a foreign, missing or null Origin (CSRF) before doing anything', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      // Not the routes other servers post to (payment webhooks, mail apps' one-click unsubscribe).
      const unsafe = app.routeList.filter(
        (r) => r.url.startsWith('/api/') && !['GET', 'HEAD'].includes(r.method) && !ORIGIN_EXEMPT.some((re) => re.test(r.url)),
      );
      assert.ok(unsafe.length >= 10);
      for (const route of unsafe) {
        const url = route.url.replace(/:(\w+)/g, member.id);
        for (const origin of [FOREIGN, undefined, 'null']) {
          const res = await app.inject({
            method: route.method as 'POST',
            url,
            headers: { origin, cookie: member.cookie },
            payload: { text: 'csrf', email: member.email, password: 'x' },
          });
          assert.equal(res.statusCode, 403, `${route.method} ${route.url} with Origin ${String(origin)}`);
          assert.equal(json<{ error: { code: string } }>(res).error.code, 'forbidden_origin');
        }
      }
      const still = await login(app, member.email, member.password);
      assert.ok(still);
    });

    it("another member's id on every id-bearing account or posting path is 403", async () => {
      const { app } = ctx();
      const me = await createMember(app);
      const other = await createMember(app);
      const userPaths = app.routeList.filter((r) => /^\/api\/(user|prayers\/add|story\/add)\/.*:(id|userId|token)$/.test(r.url));
      assert.ok(userPaths.length >= 7, userPaths.map((r) => r.url).join(', '));
      for (const route of userPaths) {
        const url = route.url.replace(/:(\w+)/, other.id);
        const res = await app.inject({
          method: route.method as 'POST',
          url,
          headers: { cookie: me.cookie },
          payload: { text: 'x', content: 'x', firstname: 'Mallory' },
        });
        assert.equal(res.statusCode, 403, `${route.method} ${route.url}`);
      }
      const story = json<{ data?: { _id: string }[] } | { _id: string }[]>(await app.inject({ url: '/api/story/' }));
      const storyId = (Array.isArray(story) ? story : story.data!)[0]!._id;
      const comment = await app.inject({
        method: 'POST',
        url: '/api/comments/add',
        headers: { cookie: me.cookie },
        payload: { text: 'hi', story: storyId, user: other.id },
      });
      assert.equal(comment.statusCode, 403, 'a comment in another member\u2019s name');
      const events = json<{ data: { _id: string; seat_price: number }[] }>(await app.inject({ url: '/api/events' })).data;
      const checkout = await app.inject({
        method: 'POST',
        url: '/api/payment/create-checkout-session',
        headers: { cookie: me.cookie },
        payload: { items: [{ quantity: 1, price: events[0]!.seat_price }], user: other.id, event: events[0]!._id },
      });
      assert.equal(checkout.statusCode, 403, 'a booking in another member\u2019s name');
    });

    it('stored XSS: markup sent through every text field comes back as plain text', async () => {
      const { app } = ctx();
      const church = json<{ data: { _id: string }[] }>(await app.inject({ url: '/api/locations' })).data[0]!._id;
      const email = `xss-${Date.now()}@example.org`;
      const signup = await app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: {
          firstname: XSS,
          lastname: XSS,
          birth_date: '1990-01-01',
          email,
          password: 'long password',
          gender: 'Male',
          civil_status: 'Single',
          church,
          countryOfOrigin: 'Ghana',
          country: 'Ghana',
          city: 'Volta',
          seniority: 3,
          source: XSS,
        },
      });
      assert.equal(signup.statusCode, 202, signup.body);
      const token = await confirmationTokenFor(app.config.dataDir, email);
      const confirmed = await app.inject({ method: 'POST', url: '/api/user/verify-email', payload: { token } });
      const cookie = await login(app, email, 'long password');
      const id = json<{ data: { user: { _id: string } } }>(confirmed).data.user._id;
      const update = await app.inject({
        method: 'PUT',
        url: `/api/user/updateBasic/${id}`,
        headers: { cookie },
        payload: { firstname: XSS, source: XSS },
      });
      assert.equal(update.statusCode, 200);
      const prayer = await app.inject({
        method: 'POST',
        url: `/api/prayers/add/${id}`,
        headers: { cookie },
        payload: { text: XSS },
      });
      const story = await app.inject({
        method: 'POST',
        url: `/api/story/add/${id}`,
        headers: { cookie },
        payload: { content: XSS },
      });
      assert.ok(prayer.statusCode < 300 && story.statusCode < 300, `${prayer.body} ${story.body}`);
      const storyId = (json<{ data: { _id: string } }>(story).data ?? { _id: '' })._id;
      if (storyId)
        await app.inject({
          method: 'POST',
          url: '/api/comments/add',
          headers: { cookie },
          payload: { text: XSS, story: storyId, user: id },
        });

      const bodies = await Promise.all(
        [`/api/user/search/${id}`, '/api/prayers/', '/api/story/', '/api/story/top'].map(
          async (url) => (await app.inject({ url, headers: { cookie } })).body,
        ),
      );
      for (const body of [update.body, prayer.body, story.body, ...bodies]) {
        assert.ok(!/<script|<img|onerror/i.test(body), body.slice(0, 400));
      }
      assert.ok(bodies[0]!.includes('Hello'), 'the text itself is kept');
    });

    it('a NUL character in a path, query or body is a clear 400, never a database error', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      for (const res of [
        await app.inject({ url: '/api/devotionals/%00abc' }),
        await app.inject({ url: '/api/devotionals/tags/fa%00ith' }),
        await app.inject({ url: '/api/geo/cities?country=Gh%00ana' }),
        await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'a\u0000@example.org', password: 'x' } }),
        await app.inject({
          method: 'POST',
          url: `/api/prayers/add/${member.id}`,
          headers: { cookie: member.cookie },
          payload: { text: 'pray\u0000er' },
        }),
      ]) {
        assert.equal(res.statusCode, 400, res.body);
      }
    });

    it('uploads: SVG with script, a disguised HTML file and a decompression bomb are refused', async () => {
      const { app } = ctx();
      const me = await createMember(app);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
      const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      for (const [content, name, type] of [
        [svg, 'photo.svg', 'image/svg+xml'],
        [svg, 'photo.png', 'image/png'],
        [Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.jpg', 'image/jpeg'],
        [bomb, 'big.png', 'image/png'],
      ] as const) {
        const upload = multipart(content, name, type);
        const res = await app.inject({
          method: 'PUT',
          url: `/api/user/updatePhoto/${me.id}`,
          headers: { cookie: me.cookie, ...upload.headers },
          payload: upload.payload,
        });
        assert.equal(res.statusCode, 400, `${name} (${content.length} bytes): ${res.statusCode}`);
      }
    });
  },
  { config: { moderation: false } },
);

describe('Secure cookies setting', () => {
  it('defaults to true when PUBLIC_URL is https://, and SECURE_COOKIES decides when set', () => {
    assert.equal(loadConfig({ PUBLIC_URL: 'https://church.example.org' }).secureCookies, true);
    assert.equal(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).secureCookies, false);
    assert.equal(loadConfig({}).secureCookies, false);
    assert.equal(loadConfig({ PUBLIC_URL: 'https://church.example.org', SECURE_COOKIES: 'false' }).secureCookies, false);
    assert.equal(loadConfig({ SECURE_COOKIES: 'true' }).secureCookies, true);
  });
});

describeEachDatabase(
  'session cookie behind HTTPS',
  (ctx) => {
    it('carries Secure (with HttpOnly and SameSite=Lax) when SECURE_COOKIES=true, on login and logout', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: member.email, password: member.password },
      });
      assert.equal(res.statusCode, 200);
      const cookie = res.cookies.find((c) => c.name === 'sid')!;
      assert.equal(cookie.secure, true);
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      const out = await app.inject({ method: 'DELETE', url: '/api/user/logout', headers: { cookie: `sid=${cookie.value}` } });
      assert.equal(out.cookies.find((c) => c.name === 'sid')!.secure, true);
    });
  },
  { seed: false, config: { secureCookies: loadConfig({ SECURE_COOKIES: 'true' }).secureCookies } },
);
