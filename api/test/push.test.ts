/**
 * Notifications members choose: a member turns notifications on in a
 * browser (the push service's address checked, at most so many browsers)
 * and chooses topics, all off at first; what is sent reaches a push service
 * (a local HTTPS server standing in for the browser's) signed with the
 * site's VAPID key and encrypted (aes128gcm) for that browser only; a
 * browser the push service says is gone is forgotten; nothing goes for a
 * topic turned off, even one turned off after the notification was made;
 * each notification goes once however many processes run the job; the
 * staff's announcements are previewed, limited and logged; a deleted
 * account's notifications go with it, and the data export tells of them.
 */
import assert from 'node:assert/strict';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { inSiteTimeZone } from '@ministry/shared/format';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { siteDay } from '../src/lib/schedule.js';
import { newId } from '../src/lib/ids.js';
import { sendAnnouncement } from '../src/modules/push/service.js';
import { browserLike, createEvent, createMember, describeEachDatabase, json, limitsWith, testConfig } from './helpers.js';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

type Member = Awaited<ReturnType<typeof createMember>>;
type Settings = { topics: Record<string, boolean>; devotionalTime: string; browsers: number; thisBrowser: boolean };
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

// ── A push service on this machine ────────────────────────────────────────

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const cert = readFileSync(path.join(fixtures, 'push-service.crt'));
const received: Received[] = [];
let service: https.Server;
let origin = '';

before(async () => {
  service = https.createServer({ cert, key: readFileSync(path.join(fixtures, 'push-service.key')) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      const gone = /\/gone-(404|410)$/.exec(request.url ?? '');
      response.writeHead(gone ? Number(gone[1]) : 201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
  // The site's requests trust this service's own certificate.
  https.globalAgent.options.ca = cert;
});
after(() => new Promise<void>((resolve) => service.close(() => resolve())));

/** A browser: its own push address at the local service (…/gone-404 and …/gone-410 answer so), and the keys it decrypts with. */
function browser(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${origin}/push/${randomBytes(6).toString('hex')}/${name}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    },
  };
}
type Browser = ReturnType<typeof browser>;

const to = (b: Browser) => received.filter((r) => r.path === new URL(b.json.endpoint).pathname);

/** Checks the VAPID signature (ES256 over the JWT) with the site's public key; answers the JWT's claims. */
function checkVapid(header: string, publicKey: string): { aud: string; sub: string; exp: number } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  assert.ok(match, `a VAPID Authorization header: ${header}`);
  assert.equal(match[2], publicKey);
  const [head, claims, signature] = match[1]!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  assert.ok(
    verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url')),
    'signed with the site key',
  );
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; sub: string; exp: number };
}

const decrypt = (b: Browser, r: Received) =>
  JSON.parse(ece.decrypt(r.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }).toString()) as Record<
    string,
    string
  >;

describeEachDatabase(
  'notifications members choose',
  (ctx) => {
    const call = (who: Member | null, method: string, url: string, payload?: object) =>
      ctx().app.inject({
        method: method as 'GET',
        url,
        headers: who ? { cookie: who.cookie } : {},
        ...(payload ? { payload } : {}),
      });
    const turnOn = async (who: Member, b: Browser, topics: Record<string, unknown>) => {
      assert.equal((await call(who, 'POST', '/api/push/subscriptions', b.json)).statusCode, 201);
      const res = await call(who, 'PUT', '/api/push/topics', topics);
      assert.equal(res.statusCode, 200, res.body);
    };
    const runPush = (app: FastifyInstance = ctx().app) => app.jobs.run('push');

    let staff: Member;
    before(async () => {
      staff = await createMember(ctx().app, { role: 'editor', firstname: 'Stella' });
    });

    it('gives the public key, starts with every topic off, and checks what a browser sends', async () => {
      const { app } = ctx();
      const key = json<{ data: { publicKey: string } }>(await app.inject({ method: 'GET', url: '/api/push/key' })).data.publicKey;
      assert.match(key, /^[A-Za-z0-9_-]{87}$/);
      assert.equal(
        json<{ data: { publicKey: string } }>(await app.inject({ method: 'GET', url: '/api/push/key' })).data.publicKey,
        key,
      );

      const me = await createMember(app);
      assert.equal((await call(null, 'GET', '/api/push')).statusCode, 401);
      const first = json<{ data: Settings }>(await call(me, 'GET', '/api/push')).data;
      assert.deepEqual(first.topics, {
        devotional: false,
        reminders: false,
        prayed: false,
        sermons: false,
        announcements: false,
      });
      assert.equal(first.browsers, 0);

      const b = browser('checks');
      assert.equal((await call(null, 'POST', '/api/push/subscriptions', b.json)).statusCode, 401);
      const plainHttp = await call(me, 'POST', '/api/push/subscriptions', {
        ...b.json,
        endpoint: b.json.endpoint.replace('https', 'http'),
      });
      assert.equal(plainHttp.statusCode, 400);
      const intranet = await call(me, 'POST', '/api/push/subscriptions', { ...b.json, endpoint: 'https://10.0.0.7/push/x' });
      assert.equal(intranet.statusCode, 400);
      const badKeys = await call(me, 'POST', '/api/push/subscriptions', {
        ...b.json,
        keys: { ...b.json.keys, p256dh: 'A'.repeat(87) },
      });
      assert.equal(badKeys.statusCode, 400);
      assert.equal((await call(me, 'PUT', '/api/push/topics', { devotionalTime: '25:00' })).statusCode, 400);
      assert.equal((await call(me, 'PUT', '/api/push/topics', {})).statusCode, 400);

      const on = await call(me, 'POST', '/api/push/subscriptions', b.json);
      assert.equal(on.statusCode, 201, on.body);
      assert.equal(json<{ data: Settings }>(on).data.thisBrowser, true);
      const asked = await call(me, 'GET', `/api/push?endpoint=${encodeURIComponent(b.json.endpoint)}`);
      assert.equal(json<{ data: Settings }>(asked).data.thisBrowser, true);
      const off = await call(me, 'DELETE', '/api/push/subscriptions', { endpoint: b.json.endpoint });
      assert.equal(json<{ data: Settings }>(off).data.browsers, 0);
    });

    it('keeps at most PUSH_SUBSCRIPTIONS_PER_MEMBER browsers, forgetting the oldest', async () => {
      const { app } = ctx();
      const me = await createMember(app);
      const browsers = [browser('many-1'), browser('many-2'), browser('many-3'), browser('many-4')];
      for (const b of browsers) assert.equal((await call(me, 'POST', '/api/push/subscriptions', b.json)).statusCode, 201);
      const kept = await app.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', me.id).execute();
      assert.deepEqual(
        kept.map((k) => k.endpoint).sort(),
        browsers
          .slice(1)
          .map((b) => b.json.endpoint)
          .sort(),
      );
    });

    it('sends an announcement signed and encrypted for each browser that wants it, and forgets browsers that are gone', async () => {
      const { app } = ctx();
      const key = json<{ data: { publicKey: string } }>(await app.inject({ method: 'GET', url: '/api/push/key' })).data.publicKey;
      const [anna, ben, cara] = [await createMember(app), await createMember(app), await createMember(app)];
      const annasPhone = browser('anna');
      const bensPhone = browser('ben');
      const [caras404, caras410] = [browser('gone-404'), browser('gone-410')];
      await turnOn(anna, annasPhone, { announcements: true });
      // Ben turned notifications on for sermons only. The sample's newest sermon is news for two days after it
      // comes out (on a Sunday or a Monday, when this runs): that news is not this test's, so it has gone out.
      await app.db.updateTable('sermons').set({ pushed_at: new Date() }).where('pushed_at', 'is', null).execute();
      await turnOn(ben, bensPhone, { sermons: true });
      await turnOn(cara, caras404, { announcements: true });
      assert.equal((await call(cara, 'POST', '/api/push/subscriptions', caras410.json)).statusCode, 201);

      const announcement = { title: 'Potluck on Sunday', body: 'Bring a dish to share after the 10:30 service.', url: '/events' };
      assert.equal((await call(null, 'POST', '/api/admin/announcements', announcement)).statusCode, 401);
      assert.equal((await call(anna, 'POST', '/api/admin/announcements', announcement)).statusCode, 403);
      assert.equal((await call(anna, 'POST', '/api/admin/announcements/preview', announcement)).statusCode, 403);
      const badLink = await call(staff, 'POST', '/api/admin/announcements/preview', {
        ...announcement,
        url: 'javascript:alert(1)',
      });
      assert.equal(badLink.statusCode, 400);
      const preview = json<{ data: { title: string; url: string; stopUrl: string; audience: number } }>(
        await call(staff, 'POST', '/api/admin/announcements/preview', announcement),
      ).data;
      assert.equal(preview.title, 'Potluck on Sunday');
      assert.equal(preview.stopUrl, '/profile?notifications=announcements#notifications');
      const audience = preview.audience;
      assert.ok(audience >= 2, 'Anna and Cara would get it');

      const sent = await call(staff, 'POST', '/api/admin/announcements', announcement);
      assert.equal(sent.statusCode, 201, sent.body);
      assert.equal(json<{ data: { recipients: number } }>(sent).data.recipients, audience);
      await app.afterReply.idle();
      await runPush();

      assert.equal(to(bensPhone).length, 0, 'nothing for a topic Ben did not turn on');
      const [delivery] = to(annasPhone);
      assert.equal(to(annasPhone).length, 1);
      assert.equal(delivery!.headers['content-encoding'], 'aes128gcm');
      assert.equal(delivery!.headers['content-type'], 'application/octet-stream');
      assert.match(String(delivery!.headers.ttl), /^\d+$/);
      const claims = checkVapid(String(delivery!.headers.authorization), key);
      assert.equal(claims.aud, origin);
      assert.match(claims.sub, /^(mailto:|https:)/);
      assert.ok(claims.exp * 1000 > Date.now());
      const payload = decrypt(annasPhone, delivery!);
      assert.deepEqual(
        { title: payload.title, body: payload.body, url: payload.url, topic: payload.topic, stopUrl: payload.stopUrl },
        { ...announcement, topic: 'announcements', stopUrl: '/profile?notifications=announcements#notifications' },
      );
      assert.throws(() => decrypt(bensPhone, delivery!), 'only Anna’s browser can read it');

      // The push service said both of Cara's browsers are gone: they are forgotten.
      assert.equal(to(caras404).length + to(caras410).length, 2);
      assert.equal(
        (await app.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', cara.id).execute()).length,
        0,
      );

      const log = await app.db.selectFrom('activity_log').select('summary').where('subject_type', '=', 'announcement').execute();
      assert.ok(log.some((l) => l.summary.includes('Potluck on Sunday')));
      const listed = json<{ data: { announcements: { title: string; sentBy: string }[] } }>(
        await call(staff, 'GET', '/api/admin/announcements'),
      ).data;
      assert.equal(listed.announcements[0]?.title, 'Potluck on Sunday');
      assert.equal(listed.announcements[0]?.sentBy, 'Stella Member');

      // Made, then the topic turned off before it went: it does not go.
      const before = to(annasPhone).length;
      const me = await app.db
        .selectFrom('users')
        .select(['id', 'firstname', 'lastname'])
        .where('id', '=', staff.id)
        .executeTakeFirstOrThrow();
      await sendAnnouncement(app.db, me, { title: 'Changed my mind', body: 'x', url: '/' }, app.clock.now());
      assert.equal((await call(anna, 'PUT', '/api/push/topics', { announcements: false })).statusCode, 200);
      await runPush();
      assert.equal(to(annasPhone).length, before);
    });

    it('limits how many announcements one member of the staff sends', async () => {
      const { app } = ctx();
      const other = await createMember(app, { role: 'editor' });
      const send = () => call(other, 'POST', '/api/admin/announcements', { title: 'Choir', body: 'Rehearsal moved to 7 pm.' });
      assert.equal((await send()).statusCode, 201);
      assert.equal((await send()).statusCode, 201);
      const refused = await send();
      assert.equal(refused.statusCode, 429);
      assert.match(json<{ error: { message: string } }>(refused).error.message, /announcements/);
      await app.afterReply.idle();
    });

    it("sends the day's devotional and the reminders of the day before once, with two processes running the job", async () => {
      const { app, database } = ctx();
      const second = browserLike(
        await buildApp({ database, config: testConfig({ dataDir: app.config.dataDir }), serveSite: false }),
      );
      await second.ready();
      try {
        const now = app.clock.now();
        const clock = inSiteTimeZone(now);
        const dee = await createMember(app, { firstname: 'Dee' });
        const phone = browser('dee');
        // The time they chose has just come (a minute ago, or midnight just after it).
        const time = clock.format('HH:mm') === '00:00' ? '00:00' : clock.subtract(1, 'minute').format('HH:mm');
        await turnOn(dee, phone, { devotional: true, reminders: true, devotionalTime: time });
        const slug = `push-test-${newId().slice(0, 8)}`;
        await app.db
          .insertInto('devotionals')
          .values({
            id: newId(),
            slug,
            title: 'Light for the path',
            image: '/media/devotional-1.svg',
            tag: 'Faith',
            detail: '<p>Your word is a lamp to my feet.</p>',
            verses: 'Psalm 119:105',
            tags: ['Faith'],
            status: 'published',
            published_at: now,
          })
          .execute();
        // Tomorrow at noon on the site's clock.
        const tomorrow = inSiteTimeZone(siteDay(now)).add(1, 'day').hour(12).toDate();
        const event = await createEvent(app, { date: tomorrow, title: 'Harvest dinner' });
        const nextWeek = await createEvent(app, { date: new Date(now.getTime() + 8 * 86_400_000), title: 'Later' });
        for (const booked of [event, nextWeek]) {
          await app.db
            .insertInto('bookings')
            .values({
              id: newId(),
              user_id: dee.id,
              event_id: booked,
              quantity: 1,
              unit_price: 45,
              status: 'paid',
              provider: 'local',
              provider_session_id: null,
              provider_payment_ref: null,
              checkout_url: null,
              expires_at: now,
              paid_at: now,
            })
            .execute();
        }

        await Promise.all([runPush(app), runPush(second), runPush(app), runPush(second)]);
        await Promise.all([runPush(app), runPush(second)]);

        const payloads = to(phone).map((r) => decrypt(phone, r));
        assert.equal(payloads.length, 2, JSON.stringify(payloads));
        const devotional = payloads.find((p) => p.topic === 'devotional');
        assert.equal(devotional?.url, `/devotional-detail/${slug}`);
        assert.match(devotional?.title ?? '', /^Today's devotional: Light for the path/);
        assert.equal(devotional?.stopUrl, '/profile?notifications=devotional#notifications');
        const reminder = payloads.find((p) => p.topic === 'reminders');
        assert.equal(reminder?.title, 'Tomorrow: Harvest dinner');
        assert.equal(reminder?.url, '/my-tickets');
      } finally {
        await second.close();
      }
    });

    it('tells a requester someone prayed, counting presses at least five minutes old, once', async () => {
      const { app } = ctx();
      const [ruth, naomi] = [await createMember(app, { firstname: 'Ruth' }), await createMember(app, { firstname: 'Naomi' })];
      const phone = browser('ruth');
      await turnOn(ruth, phone, { prayed: true });
      const now = app.clock.now();
      const prayer = newId();
      await app.db
        .insertInto('prayers')
        .values({ id: prayer, user_id: ruth.id, text: 'For my mother', status: 'published' })
        .execute();
      // A press from before the topic was turned on never counts; a press just made does not count yet.
      await app.db
        .insertInto('prayer_prayed')
        .values([
          { prayer_id: prayer, user_id: staff.id, created_at: new Date(now.getTime() - 10 * 60_000) },
          { prayer_id: prayer, user_id: naomi.id, created_at: now },
        ])
        .execute();
      await app.jobs.run('prayer-pushes');
      await runPush();
      assert.equal(to(phone).length, 0, 'not before five minutes');

      app.clock.setNow(new Date(now.getTime() + 6 * 60_000));
      try {
        await Promise.all([app.jobs.run('prayer-pushes'), app.jobs.run('prayer-pushes')]);
        await runPush();
        await app.jobs.run('prayer-pushes');
        await runPush();
      } finally {
        app.clock.setNow(new Date());
      }
      assert.equal(to(phone).length, 1);
      const payload = decrypt(phone, to(phone)[0]!);
      assert.equal(payload.title, 'Someone prayed for your request');
      assert.equal(payload.stopUrl, '/profile?notifications=prayed#notifications');
    });

    it("tells of the member's notifications in their data, and forgets them with the account", async () => {
      const { app } = ctx();
      const me = await createMember(app);
      await turnOn(me, browser('leaving'), { sermons: true, devotionalTime: '06:30' });
      const res = await call(me, 'GET', '/api/user/export');
      assert.equal(res.statusCode, 200);
      const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(res.rawPayload))['data.json']!)) as {
        notifications: { topics: Record<string, boolean>; devotionalTime: string; browsers: unknown[] };
      };
      assert.equal(data.notifications.topics.sermons, true);
      assert.equal(data.notifications.topics.devotional, false);
      assert.equal(data.notifications.devotionalTime, '06:30');
      assert.equal(data.notifications.browsers.length, 1);
      assert.ok(!JSON.stringify(data.notifications).includes('/push/'), 'no push address in the file');

      const gone = await call(me, 'DELETE', '/api/user/me', { password: me.password, posts: 'delete' });
      assert.equal(gone.statusCode, 200, gone.body);
      for (const table of ['push_subscriptions', 'push_topics', 'push_messages'] as const) {
        assert.equal((await app.db.selectFrom(table).select('user_id').where('user_id', '=', me.id).execute()).length, 0, table);
      }
    });
  },
  { config: { limits: limitsWith({ announcementsPerAccount: 2 }), push: { ...loadConfig({}).push, subscriptionsPerMember: 3 } } },
);
