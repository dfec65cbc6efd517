/**
 * What one person must not be able to do to others, found by an outside
 * probe: hold every seat of an event for ever, take "payments" for free on a
 * public site, or record test gifts without end.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { newId } from '../src/lib/ids.js';
import { POSTING_LIMITS } from '../src/modules/community/posting.js';
import { PAGE_SIZE } from '../src/modules/moderation/service.js';
import { TEST_GIFTS_PER_HOUR } from '../src/modules/payments/pages.js';
import { createEvent, createMember, describeEachDatabase, json } from './helpers.js';

type Err = { error: { code: string; message: string; fields?: Record<string, string> } };
type Member = { id: string; cookie: string };

const sameSite = { origin: 'http://localhost', host: 'localhost' };

const checkout = (app: FastifyInstance, member: Member, eventId: string, quantity: number) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: { cookie: member.cookie, ...sameSite },
    payload: { items: [{ quantity, price: null }], user: member.id, event: eventId },
  });

async function holdOf(app: FastifyInstance, member: Member, eventId: string) {
  const row = await app.db
    .selectFrom('bookings')
    .select(['quantity', 'expires_at'])
    .where('user_id', '=', member.id)
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { quantity: row.quantity, expiresAt: new Date(row.expires_at).getTime() };
}

/** Moves a member's bookings of an event `minutes` into the past, as if time had passed. */
async function age(app: FastifyInstance, member: Member, eventId: string, minutes: number) {
  const bookings = await app.db
    .selectFrom('bookings')
    .select(['id', 'created_at', 'expires_at'])
    .where('user_id', '=', member.id)
    .where('event_id', '=', eventId)
    .execute();
  for (const b of bookings) {
    await app.db
      .updateTable('bookings')
      .set({
        created_at: new Date(new Date(b.created_at).getTime() - minutes * 60_000),
        expires_at: new Date(new Date(b.expires_at).getTime() - minutes * 60_000),
      })
      .where('id', '=', b.id)
      .execute();
  }
}

describeEachDatabase(
  'seats: no one holds an event for ever',
  (ctx) => {
    it('caps the seats one member holds at once (SEATS_PER_MEMBER)', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const eventId = await createEvent(app, { seats: 50 });
      const tooMany = await checkout(app, member, eventId, 4);
      assert.equal(tooMany.statusCode, 400);
      assert.equal(json<Err>(tooMany).error.message, 'You can book at most 3 seats of an event at a time');
      assert.equal((await checkout(app, member, eventId, 3)).statusCode, 200);
      const status = json<{ data: { seatsPerMember: number; provider: string; testMode: boolean } }>(
        await app.inject({ method: 'GET', url: '/api/payment/status' }),
      );
      assert.deepEqual(status.data, { provider: 'local', testMode: true, seatsPerMember: 3 });
    });

    it('the hoarding loop: checking out again keeps the first deadline, and after it the member waits', async () => {
      const { app } = ctx();
      const hoarder = await createMember(app);
      const other = await createMember(app);
      const eventId = await createEvent(app, { seats: 3 });

      assert.equal((await checkout(app, hoarder, eventId, 3)).statusCode, 200);
      const first = await holdOf(app, hoarder, eventId);
      // Again and again before the hold runs out: the seats stay held, but never past the first deadline.
      for (let round = 0; round < 3; round++) {
        await age(app, hoarder, eventId, 4);
        assert.equal((await checkout(app, hoarder, eventId, 3)).statusCode, 200);
        const again = await holdOf(app, hoarder, eventId);
        assert.equal(again.expiresAt, first.expiresAt - (round + 1) * 4 * 60_000, 'the deadline moved with time only');
      }
      // The hold's 15 minutes are up: the seats go back, and the hoarder may not take them again at once.
      await age(app, hoarder, eventId, 4);
      const refused = await checkout(app, hoarder, eventId, 3);
      assert.equal(refused.statusCode, 429);
      assert.equal(json<Err>(refused).error.code, 'hold_lapsed');
      assert.match(json<Err>(refused).error.message, /You can book this event again in [1-5] minutes?/);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      // Someone else can.
      assert.equal((await checkout(app, other, eventId, 3)).statusCode, 200);
    });

    it('cancelling and starting again does not give a fresh hold either', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const eventId = await createEvent(app, { seats: 10 });
      const url = json<{ data: string }>(await checkout(app, member, eventId, 2)).data;
      const first = await holdOf(app, member, eventId);
      await age(app, member, eventId, 10);
      const id = /([0-9a-f-]{36})$/.exec(url)![1];
      assert.equal(
        (
          await app.inject({
            method: 'POST',
            url: `/api/payment/bookings/${id}/cancel`,
            headers: { cookie: member.cookie, ...sameSite },
          })
        ).statusCode,
        200,
      );
      assert.equal((await checkout(app, member, eventId, 2)).statusCode, 200);
      assert.equal((await holdOf(app, member, eventId)).expiresAt, first.expiresAt - 10 * 60_000);
    });

    it('an honest member who comes back after the wait holds seats again', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const eventId = await createEvent(app, { seats: 10 });
      assert.equal((await checkout(app, member, eventId, 2)).statusCode, 200);
      await age(app, member, eventId, 21);
      const again = await checkout(app, member, eventId, 2);
      assert.equal(again.statusCode, 200);
      assert.ok((await holdOf(app, member, eventId)).expiresAt > Date.now() + 14 * 60_000);
    });
  },
  { config: { seatsPerMember: 3, reservationMinutes: 15, holdCooldownMinutes: 5 } },
);

describeEachDatabase(
  'payments on a public site without a payment service',
  (ctx) => {
    it('refuses to hold seats, and no booking can be marked paid on the test page', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const eventId = await createEvent(app, { seats: 10 });
      const refused = await checkout(app, member, eventId, 1);
      assert.equal(refused.statusCode, 503);
      assert.equal(json<Err>(refused).error.code, 'payments_not_set_up');
      assert.match(json<Err>(refused).error.message, /Online payment is not set up yet/);
      const held = await app.db.selectFrom('bookings').select('id').where('event_id', '=', eventId).execute();
      assert.equal(held.length, 0);

      // A booking made earlier under the test provider cannot be paid for free now.
      const { reserveSeats } = await import('../src/modules/seats/bookings.js');
      const { booking } = await reserveSeats(app.db, {
        userId: member.id,
        eventId,
        quantity: 1,
        holdMinutes: 15,
        provider: 'local',
      });
      const pay = await app.inject({
        method: 'POST',
        url: `/pay/checkout/${booking.id}/complete`,
        headers: { cookie: member.cookie },
      });
      assert.equal(pay.statusCode, 404);
      const row = await app.db.selectFrom('bookings').select('status').where('id', '=', booking.id).executeTakeFirstOrThrow();
      assert.equal(row.status, 'pending');
    });

    it('records no gift and says online giving is not set up', async () => {
      const { app } = ctx();
      const page = await app.inject({ method: 'GET', url: '/pay/donate/offering' });
      assert.equal(page.statusCode, 503);
      assert.match(page.body, /not set up yet/);
      const give = await app.inject({
        method: 'POST',
        url: '/pay/donate/offering',
        payload: 'frequency=once&amount=5000&nonce=00000000-0000-4000-8000-000000000001',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(give.statusCode, 404);
      assert.equal((await app.db.selectFrom('donations').select('id').execute()).length, 0);
      const status = json<{ data: { provider: string; testMode: boolean } }>(
        await app.inject({ method: 'GET', url: '/api/payment/status' }),
      );
      assert.deepEqual([status.data.provider, status.data.testMode], ['none', false]);
    });
  },
  { config: { paymentProvider: 'none' } },
);

it('a public PUBLIC_URL takes no payments unless PAYMENT_PROVIDER says so; localhost keeps the test checkout', () => {
  assert.equal(loadConfig({ PUBLIC_URL: 'https://church.example.org' }).paymentProvider, 'none');
  assert.equal(loadConfig({ PUBLIC_URL: 'https://church.example.org', PAYMENT_PROVIDER: 'local' }).paymentProvider, 'local');
  assert.equal(loadConfig({}).paymentProvider, 'local');
  assert.equal(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).paymentProvider, 'local');
  assert.throws(() => loadConfig({ PAYMENT_PROVIDER: 'free' }), /PAYMENT_PROVIDER must be local, stripe or none/);
});

describeEachDatabase('test-mode gifts', (ctx) => {
  it(`are limited to ${TEST_GIFTS_PER_HOUR} an hour per giver, and the pages say TEST MODE`, async () => {
    const { app } = ctx();
    const page = await app.inject({ method: 'GET', url: '/pay/donate/offering' });
    assert.match(page.body, /TEST MODE/);
    const give = (nonce: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/pay/donate/offering',
        payload: `frequency=once&amount=10&nonce=${nonce}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: ip,
      });
    const nonce = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    for (let n = 0; n < TEST_GIFTS_PER_HOUR; n++) assert.equal((await give(nonce(n), '192.0.2.60')).statusCode, 200);
    const over = await give(nonce(99), '192.0.2.60');
    assert.equal(over.statusCode, 429);
    assert.match(over.body, /TEST MODE/);
    assert.match(over.body, /Too many test gifts/);
    // Another giver is not held up.
    assert.equal((await give(nonce(100), '192.0.2.61')).statusCode, 200);
    assert.equal((await app.db.selectFrom('donations').select('id').execute()).length, TEST_GIFTS_PER_HOUR + 1);
  });
});

const postPrayer = (app: FastifyInstance, member: Member, text: string) =>
  app.inject({ method: 'POST', url: `/api/prayers/add/${member.id}`, headers: { cookie: member.cookie }, payload: { text } });

describeEachDatabase('posting limits (moderation on)', (ctx) => {
  it(`a member has at most ${POSTING_LIMITS.waiting} posts waiting for review`, async () => {
    const { app } = ctx();
    const member = await createMember(app);
    for (let i = 0; i < POSTING_LIMITS.waiting; i++) assert.equal((await postPrayer(app, member, `Prayer ${i}`)).statusCode, 201);
    const story = await app.inject({
      method: 'POST',
      url: `/api/story/add/${member.id}`,
      headers: { cookie: member.cookie },
      payload: { content: 'One more' },
    });
    assert.equal(story.statusCode, 429);
    assert.equal(json<Err>(story).error.code, 'too_many_waiting');
    // Another member is not held up, nor is the admin.
    assert.equal((await postPrayer(app, await createMember(app), 'Mine')).statusCode, 201);
    assert.equal((await postPrayer(app, await createMember(app, { role: 'admin' }), 'Admin')).statusCode, 201);
  });

  it('the moderation queue shows the totals and every page, and rejects a flood in one go', async () => {
    const { app } = ctx();
    const admin = await createMember(app, { role: 'admin' });
    const flooder = await createMember(app);
    const honest = await createMember(app);
    const get = (query = '') => app.inject({ url: `/api/moderation/pending${query}`, headers: { cookie: admin.cookie } });
    type Page = {
      data: { prayers: { _id: string; text: string; date: string; user: { _id: string } }[]; totals: { prayers: number } };
    };
    const waitingBefore = json<Page>(await get()).data.totals.prayers;
    const start = Date.now() - 86_400_000;
    const flood = Array.from({ length: 2 * PAGE_SIZE + 10 }, (_, i) => ({
      id: newId(),
      user_id: flooder.id,
      text: `Flood ${i}`,
      status: 'pending' as const,
      created_at: new Date(start + i * 1000),
    }));
    await app.db.insertInto('prayers').values(flood).execute();
    assert.equal((await postPrayer(app, honest, 'Please pray for my mother.')).statusCode, 201);

    const first = json<Page>(await get());
    assert.equal(first.data.totals.prayers, waitingBefore + flood.length + 1);
    assert.equal(first.data.prayers.length, PAGE_SIZE);
    const seen = [...first.data.prayers];
    while (seen.length < first.data.totals.prayers) {
      const last = seen.at(-1)!;
      const next = json<Page>(await get(`?kind=prayers&afterDate=${encodeURIComponent(last.date)}&afterId=${last._id}`));
      assert.ok(next.data.prayers.length > 0, 'every page has posts until the end');
      seen.push(...next.data.prayers);
    }
    assert.equal(new Set(seen.map((p) => p._id)).size, waitingBefore + flood.length + 1);
    assert.equal(seen.at(-1)!.text, 'Please pray for my mother.');
    assert.equal((await get('?afterId=x')).statusCode, 400);

    const rejected = await app.inject({
      method: 'POST',
      url: `/api/moderation/members/${flooder.id}/reject-pending`,
      headers: { cookie: admin.cookie },
    });
    assert.equal(rejected.statusCode, 200);
    assert.deepEqual(json<{ data: { rejected: Record<string, number> } }>(rejected).data.rejected, {
      prayers: flood.length,
      stories: 0,
      comments: 0,
    });
    const after = json<Page>(await get());
    assert.equal(after.data.totals.prayers, waitingBefore + 1);
    assert.ok(after.data.prayers.every((p) => p.user._id !== flooder.id));
    // Not for members.
    assert.equal(
      (
        await app.inject({
          method: 'POST',
          url: `/api/moderation/members/${flooder.id}/reject-pending`,
          headers: { cookie: honest.cookie },
        })
      ).statusCode,
      403,
    );
  });
});

describeEachDatabase(
  'posting limits (moderation off)',
  (ctx) => {
    it(`a member posts at most ${POSTING_LIMITS.perHour} times an hour`, async () => {
      const { app } = ctx();
      const member = await createMember(app);
      for (let i = 0; i < POSTING_LIMITS.perHour; i++)
        assert.equal((await postPrayer(app, member, `Prayer ${i}`)).statusCode, 201);
      const over = await postPrayer(app, member, 'One too many');
      assert.equal(over.statusCode, 429);
      assert.equal(json<Err>(over).error.code, 'too_many_posts');
    });
  },
  { config: { moderation: false } },
);
