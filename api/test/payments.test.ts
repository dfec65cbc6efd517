/**
 * Payments: checkout holds seats, the local test-mode pages pay or cancel,
 * expired holds come back, 300 buyers for 50 seats sell exactly 50 (on PGlite
 * here; on PostgreSQL with two API processes in oversell.test.ts), GETs only
 * read, late payments are refunded, Stripe's webhooks are verified
 * and applied once, and the Stripe provider against a local fake of its API.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Booking, MinistryEvent } from '@ministry/shared/types';
import { buildApp } from '../src/app.js';
import { newId } from '../src/lib/ids.js';
import { createFulfilment } from '../src/modules/payments/fulfilment.js';
import { createPaymentProvider } from '../src/modules/payments/provider.js';
import { releaseExpired, reserveSeats } from '../src/modules/seats/bookings.js';
import { signedInBuyers } from './buyers.js';
import {
  browserLike,
  createEvent,
  mailsIn,
  plainMail,
  createMember,
  describeEachDatabase,
  freshDatabase,
  json,
  testConfig,
} from './helpers.js';

type Err = { error: { code: string; message: string; fields?: Record<string, string> } };
type Member = { id: string; cookie: string };

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function seats(app: FastifyInstance, eventId: string) {
  const row = await app.db
    .selectFrom('events')
    .select(['seats_held', 'seats_sold', 'number_of_seats'])
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  return { held: row.seats_held, sold: row.seats_sold, total: row.number_of_seats };
}

async function bookingRow(app: FastifyInstance, id: string) {
  return app.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** What a browser on the site sends with an unsafe request made by inject (whose host is localhost). */
const sameSite = { origin: 'http://localhost', host: 'localhost' };

const checkout = (
  app: FastifyInstance,
  member: Member,
  eventId: string,
  quantity: unknown = 1,
  extra: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: { cookie: member.cookie, ...sameSite, ...extra },
    payload: { items: [{ quantity, price: null }], user: member.id, event: eventId },
  });

const bookingIdOf = (url: string): string => {
  const match = /([0-9a-f-]{36})$/.exec(url) ?? /booking=([0-9a-f-]{36})/.exec(url);
  if (!match) throw new Error(`no booking id in ${url}`);
  return match[1];
};

/** The newest booking of a member (the Stripe url carries no booking id). */
async function latestBooking(app: FastifyInstance, userId: string) {
  return app.db
    .selectFrom('bookings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
}

/** Members made straight in the database with a session each (logging in 300 times would meet the rate limit). */
const quickMembers = (app: FastifyInstance, count: number): Promise<Member[]> => signedInBuyers(app.db, count);

describeEachDatabase('payments: checkout with the local provider', (ctx) => {
  let member: Member;
  let other: Member;
  before(async () => {
    member = await createMember(ctx().app);
    other = await createMember(ctx().app);
  });

  it('refuses a visitor (401), another member’s id (403), a bad payload (400) and an unknown event (404)', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app);
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      payload: { items: [{ quantity: 1, price: null }], user: member.id, event: eventId },
    });
    assert.equal(visitor.statusCode, 401);
    const notMine = await app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: { cookie: member.cookie },
      payload: { items: [{ quantity: 1 }], user: other.id, event: eventId },
    });
    assert.equal(notMine.statusCode, 403);
    for (const quantity of [0, -1, 1.5, 'two', null, 1001]) {
      const res = await checkout(app, member, eventId, quantity);
      assert.equal(res.statusCode, 400, String(quantity));
      assert.ok(json<Err>(res).error.fields?.['items[0].quantity'], String(quantity));
    }
    const noItems = await app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: { cookie: member.cookie },
      payload: { items: [], user: member.id, event: eventId },
    });
    assert.equal(noItems.statusCode, 400);
    assert.equal((await checkout(app, member, UNKNOWN_ID)).statusCode, 404);
    assert.equal((await checkout(app, member, 'not-an-id')).statusCode, 404);
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 10 });
  });

  it('holds the seats, stores a pending booking and answers the address of the test-mode checkout page', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 10, price: 45 });
    const res = await checkout(app, member, eventId, 3);
    assert.equal(res.statusCode, 200, res.body);
    const url = json<{ data: string }>(res).data;
    assert.match(url, /^\/pay\/checkout\/[0-9a-f-]{36}$/);
    const booking = await bookingRow(app, bookingIdOf(url));
    assert.equal(booking.status, 'pending');
    assert.equal(booking.quantity, 3);
    assert.equal(Number(booking.unit_price), 45);
    assert.equal(booking.provider, 'local');
    assert.ok(new Date(booking.expires_at).getTime() > Date.now() + 10 * 60_000);
    assert.deepEqual(await seats(app, eventId), { held: 3, sold: 0, total: 10 });
    const event = json<{ data: MinistryEvent }>(await app.inject({ method: 'GET', url: `/api/events/search/${eventId}` })).data;
    assert.equal(event.seatsLeft, 7);
  });

  it('refuses more tickets than seats left, a sold-out event and a past event (409)', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 2 });
    const tooMany = await checkout(app, member, eventId, 3);
    assert.equal(tooMany.statusCode, 409);
    assert.equal(json<Err>(tooMany).error.message, 'Only 2 seats are left.');
    assert.equal((await checkout(app, other, eventId, 2)).statusCode, 200);
    const soldOut = await checkout(app, member, eventId, 1);
    assert.equal(soldOut.statusCode, 409);
    assert.equal(json<Err>(soldOut).error.message, 'Sorry, this event is sold out.');
    const past = await createEvent(app, { date: new Date(Date.now() - 86_400_000) });
    const late = await checkout(app, member, past, 1);
    assert.equal(late.statusCode, 409);
    assert.equal(json<Err>(late).error.message, 'This event has already taken place.');
    assert.deepEqual(await seats(app, past), { held: 0, sold: 0, total: 10 });
  });

  it('a new checkout for the same event gives the member’s earlier hold back', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 5 });
    const first = bookingIdOf(json<{ data: string }>(await checkout(app, member, eventId, 4)).data);
    const second = await checkout(app, member, eventId, 5);
    assert.equal(second.statusCode, 200, second.body);
    assert.equal((await bookingRow(app, first)).status, 'cancelled');
    assert.deepEqual(await seats(app, eventId), { held: 5, sold: 0, total: 5 });
  });

  it('the TEST MODE page belongs to its member; Pay sells the seats, e-mails the tickets and lists them', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 10, price: 15, title: 'Night of Testing' });
    const url = json<{ data: string }>(await checkout(app, member, eventId, 2)).data;
    const id = bookingIdOf(url);

    const page = await app.inject({ method: 'GET', url: `/pay/checkout/${id}`, headers: { cookie: member.cookie } });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.match(page.body, /TEST MODE/);
    assert.match(page.body, /Night of Testing/);
    assert.match(page.body, /Pay \$30 \(test\)/);
    assert.equal(
      (await app.inject({ method: 'GET', url: `/pay/checkout/${id}`, headers: { cookie: other.cookie } })).statusCode,
      404,
    );
    assert.equal((await app.inject({ method: 'GET', url: `/pay/checkout/${id}` })).statusCode, 401);
    const stolen = await app.inject({ method: 'POST', url: `/pay/checkout/${id}/complete`, headers: { cookie: other.cookie } });
    assert.equal(stolen.statusCode, 404);
    const foreign = await app.inject({
      method: 'POST',
      url: `/pay/checkout/${id}/complete`,
      headers: { cookie: member.cookie, origin: 'https://evil.example', host: 'localhost:8080' },
    });
    assert.equal(foreign.statusCode, 403);
    assert.equal((await bookingRow(app, id)).status, 'pending');

    const before = mailsIn(app.config.dataDir).length;
    const paid = await app.inject({
      method: 'POST',
      url: `/pay/checkout/${id}/complete`,
      headers: { cookie: member.cookie, origin: 'http://localhost:8080', host: 'localhost:8080' },
    });
    assert.equal(paid.statusCode, 303);
    assert.equal(paid.headers.location, `/booking/success?booking=${id}`);
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 2, total: 10 });
    const row = await bookingRow(app, id);
    assert.equal(row.status, 'paid');
    assert.ok(row.confirmation_sent_at);
    const sent = mailsIn(app.config.dataDir).slice(before);
    assert.equal(sent.length, 1);
    assert.match(sent[0], /Subject: Your tickets: Night of Testing/);
    assert.match(sent[0], /2 =C3=97 \$15 =3D \$30|2 × \$15 = \$30/);

    // Paying again changes nothing.
    const again = await app.inject({ method: 'POST', url: `/pay/checkout/${id}/complete`, headers: { cookie: member.cookie } });
    assert.equal(again.statusCode, 303);
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 2, total: 10 });
    assert.equal(mailsIn(app.config.dataDir).length, before + 1);

    const booking = json<{ data: Booking }>(
      await app.inject({ method: 'GET', url: `/api/payment/bookings/${id}`, headers: { cookie: member.cookie } }),
    ).data;
    assert.equal(booking.status, 'paid');
    assert.equal(booking.amount, 30);
    assert.equal(booking.event.title, 'Night of Testing');
    assert.equal(
      (await app.inject({ method: 'GET', url: `/api/payment/bookings/${id}`, headers: { cookie: other.cookie } })).statusCode,
      404,
    );

    const tickets = await app.inject({ method: 'GET', url: '/api/payment/my-tickets', headers: { cookie: member.cookie } });
    assert.equal(tickets.statusCode, 200);
    const mine = json<{ data: Booking[] }>(tickets).data;
    assert.ok(mine.some((t) => t._id === id && t.quantity === 2 && t.status === 'paid'));
    assert.ok(mine.every((t) => t.status === 'paid'));
    assert.deepEqual(
      json<{ data: Booking[] }>(
        await app.inject({ method: 'GET', url: '/api/payment/my-tickets', headers: { cookie: other.cookie } }),
      ).data.filter((t) => t._id === id),
      [],
    );
    assert.equal((await app.inject({ method: 'GET', url: '/api/payment/my-tickets' })).statusCode, 401);
  });

  it('Cancel on the test page, or the cancel call, releases the seats; a paid booking stays paid', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 4 });
    const id = bookingIdOf(json<{ data: string }>(await checkout(app, member, eventId, 2)).data);
    const cancelled = await app.inject({ method: 'POST', url: `/pay/checkout/${id}/cancel`, headers: { cookie: member.cookie } });
    assert.equal(cancelled.statusCode, 303);
    assert.equal(cancelled.headers.location, `/booking/cancelled?booking=${id}`);
    assert.equal((await bookingRow(app, id)).status, 'cancelled');
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 4 });
    // Paying a cancelled hold is refused and sells nothing.
    const late = await app.inject({ method: 'POST', url: `/pay/checkout/${id}/complete`, headers: { cookie: member.cookie } });
    assert.equal(late.statusCode, 409);
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 4 });

    const id2 = bookingIdOf(json<{ data: string }>(await checkout(app, other, eventId, 1)).data);
    const call = await app.inject({
      method: 'POST',
      url: `/api/payment/bookings/${id2}/cancel`,
      headers: { cookie: other.cookie },
    });
    assert.equal(call.statusCode, 200);
    assert.equal(json<{ data: Booking }>(call).data.status, 'cancelled');
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 4 });
    assert.equal(
      (await app.inject({ method: 'POST', url: `/api/payment/bookings/${id2}/cancel`, headers: { cookie: member.cookie } }))
        .statusCode,
      404,
    );

    const id3 = bookingIdOf(json<{ data: string }>(await checkout(app, other, eventId, 1)).data);
    await app.inject({ method: 'POST', url: `/pay/checkout/${id3}/complete`, headers: { cookie: other.cookie } });
    const keep = await app.inject({
      method: 'POST',
      url: `/api/payment/bookings/${id3}/cancel`,
      headers: { cookie: other.cookie },
    });
    assert.equal(json<{ data: Booking }>(keep).data.status, 'paid');
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 1, total: 4 });
  });

  it('expired reservations come back: by the sweep, before the next checkout, and on the page', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 3 });
    const expire = (id: string) =>
      app.db
        .updateTable('bookings')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', id)
        .execute();

    const a = bookingIdOf(json<{ data: string }>(await checkout(app, member, eventId, 2)).data);
    await expire(a);
    assert.ok((await releaseExpired(app.db)) >= 1);
    assert.equal((await bookingRow(app, a)).status, 'expired');
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 3 });
    assert.equal(await releaseExpired(app.db), 0, 'released once');
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 3 });

    // Another member: the first waits HOLD_COOLDOWN_MINUTES after a hold ran out (abuse-limits.test.ts).
    const b = bookingIdOf(json<{ data: string }>(await checkout(app, await createMember(app), eventId, 3)).data);
    await expire(b);
    // The event is full until the hold runs out; the next buyer's checkout releases it first.
    const next = await checkout(app, other, eventId, 3);
    assert.equal(next.statusCode, 200, next.body);
    assert.equal((await bookingRow(app, b)).status, 'expired');
    assert.deepEqual(await seats(app, eventId), { held: 3, sold: 0, total: 3 });

    const c = bookingIdOf(json<{ data: string }>(next).data);
    await expire(c);
    const page = await app.inject({ method: 'GET', url: `/pay/checkout/${c}`, headers: { cookie: other.cookie } });
    assert.equal(page.statusCode, 410);
    assert.match(page.body, /reservation has ended/);
    const view = json<{ data: Booking }>(
      await app.inject({ method: 'GET', url: `/api/payment/bookings/${c}`, headers: { cookie: other.cookie } }),
    ).data;
    assert.equal(view.status, 'expired');
    // GETs only read: the hold is answered as expired, but nothing is written until a sweep or a POST.
    assert.equal((await bookingRow(app, c)).status, 'pending');
    assert.deepEqual(await seats(app, eventId), { held: 3, sold: 0, total: 3 });
    const pay = await app.inject({
      method: 'POST',
      url: `/pay/checkout/${c}/complete`,
      headers: { cookie: other.cookie, ...sameSite },
    });
    assert.equal(pay.statusCode, 409);
    assert.equal((await bookingRow(app, c)).status, 'expired');
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 3 });
  });

  it('POST …/sync answers the member’s booking, and releases a hold whose time is up', async () => {
    const { app } = ctx();
    // A member of its own: checkouts are rate-limited per member.
    const buyer = await createMember(app);
    const eventId = await createEvent(app, { seats: 3 });
    const id = bookingIdOf(json<{ data: string }>(await checkout(app, buyer, eventId, 2)).data);
    const sync = (who: Member) =>
      app.inject({ method: 'POST', url: `/api/payment/bookings/${id}/sync`, headers: { cookie: who.cookie, ...sameSite } });
    assert.equal(json<{ data: Booking }>(await sync(buyer)).data.status, 'pending');
    assert.equal((await sync(other)).statusCode, 404);
    assert.deepEqual(await seats(app, eventId), { held: 2, sold: 0, total: 3 });
    await app.db
      .updateTable('bookings')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    assert.equal(json<{ data: Booking }>(await sync(buyer)).data.status, 'expired');
    assert.equal((await bookingRow(app, id)).status, 'expired');
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 3 });
  });

  it('serves a TEST MODE donation page for each type; an unknown type goes back to /offering; a gift is recorded once', async () => {
    const { app } = ctx();
    for (const [type, frequency, label] of [
      ['offering', 'once', 'Offering'],
      ['tithing', 'once', 'Tithing'],
      ['charitable', 'weekly', 'Charitable'],
      ['generous', 'monthly', 'Generous'],
    ]) {
      const res = await app.inject({ method: 'GET', url: `/pay/donate/${type}?frequency=${frequency}` });
      assert.equal(res.statusCode, 200, type);
      assert.match(res.body, /TEST MODE/);
      assert.match(res.body, new RegExp(`<h1>${label}</h1>`));
    }
    const weekly = await app.inject({ method: 'GET', url: '/pay/donate/charitable?frequency=weekly' });
    assert.match(weekly.body, /\$20 every week/);
    const unknown = await app.inject({ method: 'GET', url: '/pay/donate/lottery' });
    assert.equal(unknown.statusCode, 302);
    assert.equal(unknown.headers.location, '/offering');
    // Every type may repeat: an offering weekly, with no suggested amount.
    const offeringWeekly = (await app.inject({ method: 'GET', url: '/pay/donate/offering?frequency=weekly' })).body;
    assert.match(offeringWeekly, /Amount in dollars every week/);
    assert.doesNotMatch(offeringWeekly, /We suggest/);

    const nonce = newId();
    const give = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/pay/donate/offering',
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const bad = await give(`frequency=once&amount=abc&nonce=${nonce}`);
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /Enter an amount/);
    const ok = await give(`frequency=once&amount=25.50&nonce=${nonce}`);
    assert.equal(ok.statusCode, 200);
    assert.match(ok.body, /\$25\.50 was recorded/);
    assert.equal((await give(`frequency=once&amount=25.50&nonce=${nonce}`)).statusCode, 200);
    const rows = await app.db.selectFrom('donations').selectAll().where('provider_ref', '=', nonce).execute();
    assert.equal(rows.length, 1);
    assert.equal(Number(rows[0].amount), 25.5);
    assert.equal(rows[0].type, 'offering');

    const recurring = newId();
    await app.inject({
      method: 'POST',
      url: '/pay/donate/generous',
      payload: `frequency=monthly&nonce=${recurring}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: member.cookie },
    });
    const monthly = await app.db
      .selectFrom('donations')
      .selectAll()
      .where('provider_ref', '=', recurring)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [monthly.type, monthly.frequency, Number(monthly.amount), monthly.user_id],
      ['generous', 'monthly', 250, member.id],
    );
  });

  it("takes a recurring gift of the giver's own amount; the plan's amount is only a suggestion", async () => {
    const { app } = ctx();
    const page = await app.inject({ method: 'GET', url: '/pay/donate/charitable?frequency=monthly' });
    assert.match(page.body, /We suggest \$100 every month/);
    assert.match(page.body, /name="amount"[^>]*value="100"/);
    const nonce = newId();
    const give = (amount: string, ref: string) =>
      app.inject({
        method: 'POST',
        url: '/pay/donate/charitable',
        payload: `frequency=monthly&amount=${amount}&nonce=${ref}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const ok = await give('7.25', nonce);
    assert.equal(ok.statusCode, 200);
    assert.match(ok.body, /monthly test gift of \$7\.25 was recorded/);
    const row = await app.db.selectFrom('donations').selectAll().where('provider_ref', '=', nonce).executeTakeFirstOrThrow();
    assert.deepEqual([row.type, row.frequency, Number(row.amount)], ['charitable', 'monthly', 7.25]);
    const tooSmall = await give('0.50', newId());
    assert.equal(tooSmall.statusCode, 400);
    assert.match(tooSmall.body, /Enter an amount from \$1 to/);
  });

  it('has no webhook without Stripe (404)', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      payload: { id: 'evt_1' },
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    assert.equal(res.statusCode, 404);
  });
});

/** 300 members each try to buy one of 50 seats at the same moment (PostgreSQL with two API processes: oversell.test.ts). */
async function rush(app: FastifyInstance): Promise<void> {
  const eventId = await createEvent(app, { seats: 50, price: 10 });
  const buyers = await quickMembers(app, 300);
  const answers = await Promise.all(buyers.map((buyer) => checkout(app, buyer, eventId, 1)));
  const codes = answers.map((r) => r.statusCode);
  assert.equal(codes.filter((c) => c === 200).length, 50, `answers: ${[...new Set(codes)].join(', ')}`);
  assert.equal(codes.filter((c) => c === 409).length, 250);
  assert.deepEqual(await seats(app, eventId), { held: 50, sold: 0, total: 50 });

  // Everyone who got a hold pays at once: exactly 50 sold.
  const winners = answers.map((r, i) => [r, buyers[i]] as const).filter(([r]) => r.statusCode === 200);
  const paid = await Promise.all(
    winners.map(([r, buyer]) =>
      app.inject({
        method: 'POST',
        url: `/pay/checkout/${bookingIdOf(json<{ data: string }>(r).data)}/complete`,
        headers: { cookie: buyer.cookie, ...sameSite },
      }),
    ),
  );
  assert.ok(paid.every((r) => r.statusCode === 303));
  assert.deepEqual(await seats(app, eventId), { held: 0, sold: 50, total: 50 });
  const count = await app.db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  assert.equal(Number(count.n), 50);
  const late = await checkout(app, buyers[0], eventId, 1);
  assert.equal(late.statusCode, 409);
}

describe('payments: 300 concurrent buyers for 50 seats', () => {
  it('sell exactly 50 on PGlite', async () => {
    const fresh = await freshDatabase('pglite');
    const app = browserLike(await buildApp({ database: fresh.database, config: testConfig(), serveSite: false }));
    try {
      await rush(app);
    } finally {
      await app.close();
      await fresh.cleanup();
    }
  });
});

// ---------------------------------------------------------------------------
// Stripe: a local fake of the parts of Stripe's HTTP API the provider uses.

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status?: 'paid' | 'unpaid';
  payment_intent?: string | null;
  params: Record<string, string>;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  status: 'succeeded';
}

interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  /** Refunds by idempotency key (Stripe answers a repeated key with the first refund). */
  refunds: Map<string, FakeRefund>;
  /** Answer the next refund with an error (the network or Stripe failing). */
  failNextRefund: boolean;
  requests: { method: string; path: string; headers: IncomingMessage['headers']; params: Record<string, string> }[];
  /** Answer the next session creation with an error. */
  failNext: boolean;
  close: () => Promise<void>;
}

async function startFakeStripe(): Promise<FakeStripe> {
  const fake: Omit<FakeStripe, 'url' | 'close'> = {
    sessions: new Map(),
    refunds: new Map(),
    failNextRefund: false,
    requests: [],
    failNext: false,
  };
  let counter = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const pathname = (req.url ?? '').split('?')[0];
      fake.requests.push({ method: req.method ?? '', path: pathname, headers: req.headers, params });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
        res.end(JSON.stringify(payload));
      };
      const error = (status: number, message: string) => send(status, { error: { type: 'invalid_request_error', message } });
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) return error(401, 'Invalid API Key provided');
      if (req.method === 'POST' && pathname === '/v1/checkout/sessions') {
        if (fake.failNext) {
          fake.failNext = false;
          return error(400, 'The price was not found.');
        }
        const id = `cs_test_${++counter}_${randomBytes(4).toString('hex')}`;
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          params,
        };
        fake.sessions.set(id, session);
        return send(200, session);
      }
      if (req.method === 'POST' && pathname === '/v1/refunds') {
        if (fake.failNextRefund) {
          fake.failNextRefund = false;
          res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
          return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong.' } }));
        }
        const key = String(req.headers['idempotency-key'] ?? `no-key-${counter}`);
        const known = fake.refunds.get(key);
        if (known) return send(200, known);
        if (!params.payment_intent) return error(400, 'Provide a payment_intent or charge to refund.');
        const refund: FakeRefund = {
          id: `re_test_${++counter}`,
          object: 'refund',
          payment_intent: params.payment_intent,
          status: 'succeeded',
        };
        fake.refunds.set(key, refund);
        return send(200, refund);
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(pathname);
      if (req.method === 'POST' && expire) {
        const session = fake.sessions.get(expire[1]);
        if (!session) return error(404, 'No such checkout.session');
        if (session.status !== 'open') return error(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
        session.status = 'expired';
        return send(200, session);
      }
      const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(pathname);
      if (req.method === 'GET' && one) {
        const session = fake.sessions.get(one[1]);
        return session ? send(200, session) : error(404, 'No such checkout.session');
      }
      return error(404, `Unrecognized request URL (${req.method}: ${pathname})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const fakeStripe = await startFakeStripe();
after(() => fakeStripe.close());

const WEBHOOK_SECRET = 'whsec_test_payments';
const signer = new Stripe('sk_test_signer');

function signedWebhook(app: FastifyInstance, event: object, secret = WEBHOOK_SECRET, tamper?: (payload: string) => string) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    payload: tamper ? tamper(payload) : payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
  });
}

const stripeEvent = (type: string, object: Record<string, unknown>, id = `evt_${randomBytes(8).toString('hex')}`) => ({
  id,
  object: 'event',
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object: { object: 'checkout.session', ...object } },
});

const completed = (booking: { id: string; provider_session_id: string | null }, id?: string) =>
  stripeEvent(
    'checkout.session.completed',
    {
      id: booking.provider_session_id,
      metadata: { booking_id: booking.id },
      payment_status: 'paid',
      payment_intent: `pi_${booking.id.slice(0, 8)}`,
    },
    id,
  );
const expiredEvent = (booking: { id: string; provider_session_id: string | null }) =>
  stripeEvent('checkout.session.expired', {
    id: booking.provider_session_id,
    metadata: { booking_id: booking.id },
    payment_status: 'unpaid',
  });

describeEachDatabase(
  'payments: the Stripe provider against a fake Stripe',
  (ctx) => {
    let member: Member;
    let other: Member;
    before(async () => {
      member = await createMember(ctx().app);
      other = await createMember(ctx().app);
    });

    it('opens a Checkout Session with the event’s price_Id and quantity, and answers its url', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 10, priceId: 'price_conference_2027' });
      fakeStripe.requests.length = 0;
      const res = await checkout(app, member, eventId, 2, { origin: 'http://localhost:3000' });
      assert.equal(res.statusCode, 200, res.body);
      const booking = await latestBooking(app, member.id);
      assert.ok(booking.provider_session_id?.startsWith('cs_test_'));
      assert.equal(json<{ data: string }>(res).data, `https://checkout.stripe.test/c/pay/${booking.provider_session_id}`);
      assert.equal(booking.provider, 'stripe');
      const sent = fakeStripe.requests.find((r) => r.path === '/v1/checkout/sessions');
      assert.ok(sent);
      assert.equal(sent.params['line_items[0][price]'], 'price_conference_2027');
      assert.equal(sent.params['line_items[0][quantity]'], '2');
      assert.equal(sent.params.mode, 'payment');
      assert.equal(sent.params['metadata[booking_id]'], booking.id);
      assert.equal(sent.params.client_reference_id, booking.id);
      assert.equal(sent.params.success_url, `http://localhost:3000/booking/success?booking=${booking.id}`);
      assert.equal(sent.params.cancel_url, `http://localhost:3000/booking/cancelled?booking=${booking.id}`);
      assert.ok(Number(sent.params.expires_at) >= Date.now() / 1000 + 30 * 60, 'Stripe sessions last at least 30 minutes');
      assert.equal(sent.headers['idempotency-key'], `booking-${booking.id}`);
      assert.deepEqual(await seats(app, eventId), { held: 2, sold: 0, total: 10 });
    });

    it('prices an event without price_Id inline, in cents', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { price: 12.5, title: 'Inline priced' });
      fakeStripe.requests.length = 0;
      assert.equal((await checkout(app, other, eventId, 3)).statusCode, 200);
      const sent = fakeStripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
      assert.equal(sent.params['line_items[0][price_data][unit_amount]'], '1250');
      assert.equal(sent.params['line_items[0][price_data][product_data][name]'], 'Inline priced');
      assert.equal(sent.params['line_items[0][quantity]'], '3');
    });

    it('holds nothing when Stripe refuses (502)', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 4 });
      fakeStripe.failNext = true;
      const res = await checkout(app, member, eventId, 2);
      assert.equal(res.statusCode, 502);
      assert.equal(json<Err>(res).error.code, 'payment_unavailable');
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 4 });
    });

    it('a signed completed webhook sells the seats and e-mails the tickets; a replay changes nothing', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 6, title: 'Webhook Worship' });
      assert.equal((await checkout(app, member, eventId, 2)).statusCode, 200);
      const booking = await latestBooking(app, member.id);
      const event = completed(booking);
      const before = mailsIn(app.config.dataDir).length;

      const first = await signedWebhook(app, event);
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(json(first), { received: true, duplicate: false });
      assert.equal((await bookingRow(app, booking.id)).status, 'paid');
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 2, total: 6 });
      assert.equal(mailsIn(app.config.dataDir).length, before + 1);
      assert.match(mailsIn(app.config.dataDir).at(-1) ?? '', /Your tickets: Webhook Worship/);

      const replay = await signedWebhook(app, event);
      assert.equal(replay.statusCode, 200);
      assert.deepEqual(json(replay), { received: true, duplicate: true });
      // The same payment told again under another event id: still nothing new.
      const retold = await signedWebhook(app, completed(booking));
      assert.deepEqual(json(retold), { received: true, duplicate: false });
      // An expiry arriving after the payment (out of order) releases nothing.
      await signedWebhook(app, expiredEvent(booking));
      assert.equal((await bookingRow(app, booking.id)).status, 'paid');
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 2, total: 6 });
      assert.equal(mailsIn(app.config.dataDir).length, before + 1);
    });

    it('a badly signed, unsigned or tampered webhook changes nothing (400)', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 3 });
      assert.equal((await checkout(app, other, eventId, 1)).statusCode, 200);
      const booking = await latestBooking(app, other.id);
      const event = completed(booking);

      const wrongSecret = await signedWebhook(app, event, 'whsec_someone_else');
      assert.equal(wrongSecret.statusCode, 400);
      assert.equal(json<Err>(wrongSecret).error.code, 'bad_signature');
      const tampered = await signedWebhook(app, event, WEBHOOK_SECRET, (p) => p.replace('"paid"', '"paid" '));
      assert.equal(tampered.statusCode, 400);
      const unsigned = await app.inject({ method: 'POST', url: '/api/payment/webhook', payload: event });
      assert.equal(unsigned.statusCode, 400);
      const stale = signer.webhooks.generateTestHeaderString({
        payload: JSON.stringify(event),
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      const old = await app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        payload: JSON.stringify(event),
        headers: { 'content-type': 'application/json', 'stripe-signature': stale },
      });
      assert.equal(old.statusCode, 400);
      const foreignOrigin = await signedWebhook(app, stripeEvent('ping', {}));
      assert.equal(foreignOrigin.statusCode, 200, 'webhooks come from servers: no Origin rule');

      assert.equal((await bookingRow(app, booking.id)).status, 'pending');
      assert.deepEqual(await seats(app, eventId), { held: 1, sold: 0, total: 3 });
      const handled = await app.db.selectFrom('payment_webhook_events').select('id').where('id', '=', event.id).execute();
      assert.deepEqual(handled, []);
    });

    it('an expired session releases the seats; a payment arriving after that sells only seats still free', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 2 });
      assert.equal((await checkout(app, member, eventId, 2)).statusCode, 200);
      const first = await latestBooking(app, member.id);
      assert.equal((await signedWebhook(app, expiredEvent(first))).statusCode, 200);
      assert.equal((await bookingRow(app, first.id)).status, 'expired');
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 2 });

      // Paid late while the seats are still free: sold after all.
      await signedWebhook(app, completed(first));
      assert.equal((await bookingRow(app, first.id)).status, 'paid');
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 2, total: 2 });
    });

    it('a payment arriving after the seats went to someone else is refunded through Stripe, once, and the member is told', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 2, price: 45, title: 'Sold Again' });
      assert.equal((await checkout(app, member, eventId, 2)).statusCode, 200);
      const lateOne = await latestBooking(app, member.id);
      await signedWebhook(app, expiredEvent(lateOne));
      assert.equal((await checkout(app, other, eventId, 2)).statusCode, 200);
      const before = mailsIn(app.config.dataDir).length;
      fakeStripe.requests.length = 0;

      const late = completed(lateOne);
      assert.equal((await signedWebhook(app, late)).statusCode, 200);
      // Never oversold: the other member's hold stands, and the late payment goes back.
      assert.deepEqual(await seats(app, eventId), { held: 2, sold: 0, total: 2 });
      const row = await bookingRow(app, lateOne.id);
      assert.equal(row.status, 'refunded');
      assert.match(row.refund_ref ?? '', /^re_test_/);
      assert.ok(row.refunded_at);
      const refunds = fakeStripe.requests.filter((r) => r.path === '/v1/refunds');
      assert.equal(refunds.length, 1);
      assert.equal(refunds[0].params.payment_intent, `pi_${lateOne.id.slice(0, 8)}`);
      assert.equal(refunds[0].headers['idempotency-key'], `refund-${lateOne.id}`);
      const sent = mailsIn(app.config.dataDir).slice(before).map(plainMail);
      assert.equal(sent.length, 1);
      assert.match(sent[0], /Subject: Your payment was refunded: Sold Again/);
      assert.match(sent[0], /the seats had been taken/);
      assert.match(sent[0], /refunded your payment of \$90 in full/);
      const view = json<{ data: Booking }>(
        await app.inject({ method: 'GET', url: `/api/payment/bookings/${lateOne.id}`, headers: { cookie: member.cookie } }),
      ).data;
      assert.equal(view.status, 'refunded');

      // The same notice again, or under another event id: no second refund, no second e-mail.
      assert.deepEqual(json(await signedWebhook(app, late)), { received: true, duplicate: true });
      await signedWebhook(app, completed(lateOne));
      assert.equal(fakeStripe.requests.filter((r) => r.path === '/v1/refunds').length, 1);
      assert.equal(mailsIn(app.config.dataDir).length, before + 1);
      assert.equal((await bookingRow(app, lateOne.id)).status, 'refunded');
    });

    it('a refund Stripe could not make stays due and is made by a later try, once', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 1, price: 20, title: 'Retry Refund' });
      assert.equal((await checkout(app, member, eventId, 1)).statusCode, 200);
      const lateOne = await latestBooking(app, member.id);
      await signedWebhook(app, expiredEvent(lateOne));
      assert.equal((await checkout(app, other, eventId, 1)).statusCode, 200);
      const before = mailsIn(app.config.dataDir).length;

      fakeStripe.failNextRefund = true;
      assert.equal((await signedWebhook(app, completed(lateOne))).statusCode, 200);
      assert.equal((await bookingRow(app, lateOne.id)).status, 'refund_due');
      assert.equal(mailsIn(app.config.dataDir).length, before);

      const fulfilment = createFulfilment(app, createPaymentProvider(app.config));
      // A payment recorded a moment ago is left to the request that recorded it.
      assert.equal(await fulfilment.retryRefunds(), 0);
      assert.equal(await fulfilment.retryRefunds(new Date(Date.now() + 1000)), 1);
      assert.equal((await bookingRow(app, lateOne.id)).status, 'refunded');
      assert.equal(await fulfilment.retryRefunds(new Date(Date.now() + 1000)), 0);
      const sent = mailsIn(app.config.dataDir).slice(before).map(plainMail);
      assert.equal(sent.length, 1);
      assert.match(sent[0], /Your payment was refunded: Retry Refund/);
      assert.deepEqual(await seats(app, eventId), { held: 1, sold: 0, total: 1 });
    });

    it('cancelling closes the Stripe session first, and keeps the seats when Stripe says it was paid', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 5 });
      assert.equal((await checkout(app, member, eventId, 2)).statusCode, 200);
      const open = await latestBooking(app, member.id);
      const res = await app.inject({
        method: 'POST',
        url: `/api/payment/bookings/${open.id}/cancel`,
        headers: { cookie: member.cookie },
      });
      assert.equal(json<{ data: Booking }>(res).data.status, 'cancelled');
      assert.equal(fakeStripe.sessions.get(open.provider_session_id!)?.status, 'expired');
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0, total: 5 });

      assert.equal((await checkout(app, other, eventId, 1)).statusCode, 200);
      const paidMeanwhile = await latestBooking(app, other.id);
      fakeStripe.sessions.get(paidMeanwhile.provider_session_id!)!.status = 'complete';
      const kept = await app.inject({
        method: 'POST',
        url: `/api/payment/bookings/${paidMeanwhile.id}/cancel`,
        headers: { cookie: other.cookie },
      });
      assert.equal(json<{ data: Booking }>(kept).data.status, 'pending');
      assert.deepEqual(await seats(app, eventId), { held: 1, sold: 0, total: 5 });
    });

    it('back on the success page, POST …/sync asks Stripe and confirms a paid checkout before the webhook, once', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 5, price: 12, title: 'Sync Supper' });
      assert.equal((await checkout(app, member, eventId, 2)).statusCode, 200);
      const booking = await latestBooking(app, member.id);
      const sync = (who: Member | null) =>
        app.inject({
          method: 'POST',
          url: `/api/payment/bookings/${booking.id}/sync`,
          headers: { ...sameSite, ...(who ? { cookie: who.cookie } : {}) },
        });

      assert.equal((await sync(null)).statusCode, 401);
      assert.equal((await sync(other)).statusCode, 404);
      // Not paid yet: still pending, nothing changes.
      const open = await sync(member);
      assert.equal(open.statusCode, 200, open.body);
      assert.equal(json<{ data: Booking }>(open).data.status, 'pending');
      assert.deepEqual(await seats(app, eventId), { held: 2, sold: 0, total: 5 });

      // Paid at Stripe, the webhook not here yet.
      const session = fakeStripe.sessions.get(booking.provider_session_id!)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: 'pi_sync_supper' });
      const before = mailsIn(app.config.dataDir).length;
      fakeStripe.requests.length = 0;
      const paid = await sync(member);
      assert.equal(json<{ data: Booking }>(paid).data.status, 'paid');
      assert.ok(
        fakeStripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${booking.provider_session_id}`),
      );
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 2, total: 5 });
      assert.equal((await bookingRow(app, booking.id)).provider_payment_ref, 'pi_sync_supper');
      assert.equal(mailsIn(app.config.dataDir).length, before + 1);
      assert.match(plainMail(mailsIn(app.config.dataDir).at(-1) ?? ''), /Your tickets: Sync Supper/);

      // Asking again asks Stripe no more; the webhook arriving late changes nothing.
      fakeStripe.requests.length = 0;
      assert.equal(json<{ data: Booking }>(await sync(member)).data.status, 'paid');
      assert.equal(fakeStripe.requests.length, 0);
      const late = stripeEvent('checkout.session.completed', {
        id: booking.provider_session_id,
        metadata: { booking_id: booking.id },
        payment_status: 'paid',
        payment_intent: 'pi_sync_supper',
      });
      assert.equal((await signedWebhook(app, late)).statusCode, 200);
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 2, total: 5 });
      assert.equal(mailsIn(app.config.dataDir).length, before + 1);
    });

    it('the test payment page pays nothing while the provider is stripe, even for a booking opened with the local provider', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 4 });
      const { booking } = await reserveSeats(app.db, {
        userId: member.id,
        eventId,
        quantity: 2,
        holdMinutes: 15,
        provider: 'local',
      });
      const page = await app.inject({ method: 'GET', url: `/pay/checkout/${booking.id}`, headers: { cookie: member.cookie } });
      assert.equal(page.statusCode, 404);
      assert.doesNotMatch(page.body, /TEST MODE|Pay /);
      const pay = await app.inject({
        method: 'POST',
        url: `/pay/checkout/${booking.id}/complete`,
        headers: { cookie: member.cookie, ...sameSite },
      });
      assert.equal(pay.statusCode, 404);
      assert.equal((await bookingRow(app, booking.id)).status, 'pending');
      assert.deepEqual(await seats(app, eventId), { held: 2, sold: 0, total: 4 });
    });

    it('donation pages go to the payment link of the type; a paid link is recorded once', async () => {
      const { app } = ctx();
      const res = await app.inject({ method: 'GET', url: '/pay/donate/charitable?frequency=weekly' });
      assert.equal(res.statusCode, 303);
      assert.equal(
        res.headers.location,
        'https://buy.stripe.test/charitable-weekly?client_reference_id=donation_charitable_weekly',
      );
      const once = await app.inject({ method: 'GET', url: '/pay/donate/offering' });
      assert.equal(once.headers.location, 'https://buy.stripe.test/offering?client_reference_id=donation_offering_once');
      const missing = await app.inject({ method: 'GET', url: '/pay/donate/generous?frequency=monthly' });
      assert.equal(missing.statusCode, 503);
      assert.doesNotMatch(missing.body, /TEST MODE/);
      assert.equal((await app.inject({ method: 'GET', url: '/pay/donate/nope' })).headers.location, '/offering');

      const sessionId = `cs_test_link_${randomBytes(4).toString('hex')}`;
      const event = stripeEvent('checkout.session.completed', {
        id: sessionId,
        client_reference_id: 'donation_charitable_weekly',
        payment_link: 'plink_123',
        payment_status: 'paid',
        amount_total: 2000,
        currency: 'usd',
        customer_details: { email: 'giver@example.org' },
        metadata: {},
      });
      await signedWebhook(app, event);
      await signedWebhook(app, { ...event, id: `${event.id}_retry` });
      const rows = await app.db.selectFrom('donations').selectAll().where('provider_ref', '=', sessionId).execute();
      assert.equal(rows.length, 1);
      assert.deepEqual(
        [rows[0].type, rows[0].frequency, Number(rows[0].amount), rows[0].email],
        ['charitable', 'weekly', 20, 'giver@example.org'],
      );
    });

    it('weekly and monthly gifts: each renewal (invoice.paid) is recorded as a gift of the same type and plan, once', async () => {
      const { app } = ctx();
      const subscription = `sub_test_${randomBytes(4).toString('hex')}`;
      const donationsOf = () =>
        app.db.selectFrom('donations').selectAll().where('subscription_ref', '=', subscription).orderBy('created_at').execute();
      const invoice = (id: string, object: Record<string, unknown>) =>
        stripeEvent('invoice.paid', {
          object: 'invoice',
          id,
          amount_paid: 25000,
          currency: 'usd',
          customer_email: 'monthly@example.org',
          ...object,
        });

      // The first gift: the payment link's checkout, then the subscription's first invoice (the same money).
      await signedWebhook(
        app,
        stripeEvent('checkout.session.completed', {
          id: `cs_test_sub_${randomBytes(4).toString('hex')}`,
          client_reference_id: 'donation_generous_monthly',
          payment_link: 'plink_generous_monthly',
          mode: 'subscription',
          payment_status: 'paid',
          subscription,
          amount_total: 25000,
          currency: 'usd',
          customer_details: { email: 'monthly@example.org' },
          metadata: {},
        }),
      );
      await signedWebhook(app, invoice(`in_first_${subscription}`, { billing_reason: 'subscription_create', subscription }));
      assert.equal((await donationsOf()).length, 1);

      // A month later (older API versions name the subscription on the invoice itself).
      const renewal = invoice(`in_second_${subscription}`, { billing_reason: 'subscription_cycle', subscription });
      const first = await signedWebhook(app, renewal);
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(json(await signedWebhook(app, renewal)), { received: true, duplicate: true });
      // The same invoice told under another event id is still one gift.
      await signedWebhook(app, { ...renewal, id: `${renewal.id}_again` });
      // Two months later (newer API versions: under parent.subscription_details).
      await signedWebhook(
        app,
        invoice(`in_third_${subscription}`, {
          billing_reason: 'subscription_cycle',
          amount_paid: 30000,
          parent: { type: 'subscription_details', subscription_details: { subscription } },
        }),
      );

      const rows = await donationsOf();
      assert.deepEqual(
        rows.map((r) => [r.type, r.frequency, Number(r.amount), r.email, r.provider]),
        [
          ['generous', 'monthly', 250, 'monthly@example.org', 'stripe'],
          ['generous', 'monthly', 250, 'monthly@example.org', 'stripe'],
          ['generous', 'monthly', 300, 'monthly@example.org', 'stripe'],
        ],
      );
      assert.deepEqual(
        rows.slice(1).map((r) => r.provider_ref),
        [`in_second_${subscription}`, `in_third_${subscription}`],
      );

      // A renewal of a subscription with no recorded first gift, and an unpaid one, record nothing.
      const stranger = await signedWebhook(
        app,
        invoice('in_unknown', { billing_reason: 'subscription_cycle', subscription: 'sub_unknown' }),
      );
      assert.equal(stranger.statusCode, 200);
      await signedWebhook(
        app,
        invoice(`in_zero_${subscription}`, { billing_reason: 'subscription_cycle', subscription, amount_paid: 0 }),
      );
      assert.equal(
        (
          await app.db
            .selectFrom('donations')
            .select('id')
            .where('provider_ref', 'in', ['in_unknown', `in_zero_${subscription}`])
            .execute()
        ).length,
        0,
      );
      assert.equal((await donationsOf()).length, 3);
    });
  },
  {
    config: {
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_fake',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: fakeStripe.url,
      donationLinks: {
        'charitable.weekly': 'https://buy.stripe.test/charitable-weekly',
        'offering.once': 'https://buy.stripe.test/offering',
      },
    },
  },
);
