/**
 * What one person must not be able to do to others, found by an outside
 * probe: hold every seat of an event for ever, take "payments" for free on a
 * public site, or record test gifts without end.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
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
  const bookings = await app.db.selectFrom('bookings').select(['id', 'created_at', 'expires_at']).where('user_id', '=', member.id).where('event_id', '=', eventId).execute();
  for (const b of bookings) {
    await app.db
      .updateTable('bookings')
      .set({ created_at: new Date(new Date(b.created_at).getTime() - minutes * 60_000), expires_at: new Date(new Date(b.expires_at).getTime() - minutes * 60_000) })
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
      const status = json<{ data: { seatsPerMember: number; provider: string; testMode: boolean } }>(await app.inject({ method: 'GET', url: '/api/payment/status' }));
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
      assert.equal((await app.inject({ method: 'POST', url: `/api/payment/bookings/${id}/cancel`, headers: { cookie: member.cookie, ...sameSite } })).statusCode, 200);
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
      const { reserveSeats } = await import('../src/modules/payments/service.js');
      const { booking } = await reserveSeats(app.db, { userId: member.id, eventId, quantity: 1, holdMinutes: 15, provider: 'local' });
      const pay = await app.inject({ method: 'POST', url: `/pay/checkout/${booking.id}/complete`, headers: { cookie: member.cookie } });
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
      const status = json<{ data: { provider: string; testMode: boolean } }>(await app.inject({ method: 'GET', url: '/api/payment/status' }));
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
