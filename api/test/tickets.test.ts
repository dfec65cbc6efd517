/**
 * Tickets: a paid booking's QR code holds an unguessable token (never the
 * booking's id), the confirmation e-mail carries the QR code and the .ics,
 * "My tickets" shows only the member's own; a member cancels a paid booking
 * up to CANCEL_HOURS_BEFORE before the event (refunded once, seats back,
 * e-mailed), never after; and with Stripe the refund is recorded once
 * however often its webhook is replayed.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Booking, MyTicket } from '@ministry/shared/types';
import { createFulfilment } from '../src/modules/payments/fulfilment.js';
import { createPaymentProvider } from '../src/modules/payments/provider.js';
import { normalizeTicketCode } from '../src/modules/seats/tickets.js';
import { createEvent, createMember, describeEachDatabase, json, mailsIn, plainMail, waitForMailTo } from './helpers.js';

type Member = { id: string; email: string; cookie: string };
type Err = { error: { code: string; message: string } };

const checkout = (app: FastifyInstance, member: Member, eventId: string, quantity = 1) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: { cookie: member.cookie },
    payload: { items: [{ quantity, price: null }], user: member.id, event: eventId },
  });

async function latestBooking(app: FastifyInstance, userId: string) {
  return app.db
    .selectFrom('bookings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
}

/** Books and pays `quantity` seats through the local test-mode checkout; answers the booking's id. */
async function buyLocally(app: FastifyInstance, member: Member, eventId: string, quantity = 1): Promise<string> {
  const res = await checkout(app, member, eventId, quantity);
  assert.equal(res.statusCode, 200, res.body);
  const id = (await latestBooking(app, member.id)).id;
  const paid = await app.inject({ method: 'POST', url: `/pay/checkout/${id}/complete`, headers: { cookie: member.cookie } });
  assert.equal(paid.statusCode, 303, paid.body);
  return id;
}

async function seats(app: FastifyInstance, eventId: string) {
  const row = await app.db
    .selectFrom('events')
    .select(['seats_held', 'seats_sold'])
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  return { held: row.seats_held, sold: row.seats_sold };
}

const myBookings = async (app: FastifyInstance, member: Member): Promise<MyTicket[]> => {
  const res = await app.inject({ method: 'GET', url: '/api/payment/my-bookings', headers: { cookie: member.cookie } });
  assert.equal(res.statusCode, 200, res.body);
  return json<{ data: MyTicket[] }>(res).data;
};

const cancel = (app: FastifyInstance, member: Member, bookingId: string) =>
  app.inject({ method: 'POST', url: `/api/payment/my-bookings/${bookingId}/cancel`, headers: { cookie: member.cookie } });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

describeEachDatabase('tickets and cancellations with the local provider', (ctx) => {
  let member: Member;
  let other: Member;
  before(async () => {
    member = await createMember(ctx().app, { firstname: 'Ruth' });
    other = await createMember(ctx().app);
  });

  it('a paid booking has a ticket code and QR code (never its id); the confirmation e-mail carries the QR code and the .ics', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { title: 'Ticket Night', seats: 5, date: inDays(10) });
    const id = await buyLocally(app, member, eventId, 2);
    const ticket = (await myBookings(app, member)).find((t) => t._id === id)!;
    assert.ok(ticket.ticketCode, 'a paid booking has its code');
    assert.match(ticket.ticketCode, /^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    const token = normalizeTicketCode(ticket.ticketCode)!;
    assert.equal((await latestBooking(app, member.id)).ticket_token, token);
    assert.ok(!token.toLowerCase().includes(id.slice(0, 8)) && !ticket.ticketCode.includes(id));
    assert.match(ticket.qrSvg ?? '', /^<svg[^>]*>/);
    assert.ok(Date.parse(ticket.cancelUntil!) === Date.parse(ticket.event.event_date) - 48 * 3_600_000);

    const mail = await waitForMailTo(app.config.dataDir, member.email, /Your tickets: Ticket Night/);
    assert.match(mail, new RegExp(`Ticket code: ${ticket.ticketCode}`));
    assert.match(mail, /Content-Type: image\/png; name=ticket-qr\.png/i);
    assert.match(mail, /Content-Id: <ticket-qr>/i);
    assert.match(mail, /<img src="cid:ticket-qr"/);
    assert.match(mail, /Content-Type: text\/calendar; charset=utf-8; name=ticket-night\.ics/i);
  });

  it('the member cancels a paid booking: refunded once, the seats go back, one e-mail; asking again changes nothing', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { title: 'Cancel Concert', seats: 4, date: inDays(5) });
    const id = await buyLocally(app, member, eventId, 3);
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 3 });

    const answers = await Promise.all(Array.from({ length: 8 }, () => cancel(app, member, id)));
    for (const res of answers) assert.equal(res.statusCode, 200, res.body);
    await waitForMailTo(app.config.dataDir, member.email, /Booking cancelled: Cancel Concert/);
    const row = await latestBooking(app, member.id);
    assert.equal(row.status, 'refunded');
    assert.equal(row.refund_reason, 'member_cancelled');
    assert.equal(row.refund_ref, `local_refund_${id}`);
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0 });

    const again = await cancel(app, member, id);
    assert.equal(again.statusCode, 200);
    assert.equal(json<{ data: Booking }>(again).data.status, 'refunded');
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0 });
    const notices = mailsIn(app.config.dataDir)
      .map(plainMail)
      .filter((m) => /Booking cancelled: Cancel Concert/.test(m));
    assert.equal(notices.length, 1);
    assert.match(notices[0], /We have refunded your payment of \$135 in full/);

    const ticket = (await myBookings(app, member)).find((t) => t._id === id)!;
    assert.equal(ticket.status, 'refunded');
    assert.equal(ticket.cancelledByMember, true);
    assert.equal(ticket.ticketCode, null, 'a refunded ticket has no code any more');
    assert.equal(ticket.cancelUntil, null);
    // The seats are on sale again.
    assert.equal((await checkout(app, other, eventId, 4)).statusCode, 200);
  });

  it('a cancellation after the deadline (CANCEL_HOURS_BEFORE) is refused: still paid, seats still sold', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 3, date: new Date(Date.now() + 47 * 3_600_000) });
    const id = await buyLocally(app, member, eventId, 1);
    const ticket = (await myBookings(app, member)).find((t) => t._id === id)!;
    assert.ok(ticket.ticketCode);
    const res = await cancel(app, member, id);
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(json<Err>(res).error.code, 'too_late_to_cancel');
    assert.match(json<Err>(res).error.message, /until 48 hours before the event/);
    assert.equal((await latestBooking(app, member.id)).status, 'paid');
    assert.deepEqual(await seats(app, eventId), { held: 0, sold: 1 });
  });

  it('a member never sees nor cancels another member’s tickets (404), a visitor is refused (401)', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 3, date: inDays(20), title: 'Private Party' });
    const id = await buyLocally(app, member, eventId, 1);
    const theirs = await myBookings(app, other);
    assert.ok(!theirs.some((t) => t._id === id || t.event.title === 'Private Party'));
    assert.equal((await cancel(app, other, id)).statusCode, 404);
    assert.equal(
      (await app.inject({ method: 'GET', url: `/api/payment/bookings/${id}`, headers: { cookie: other.cookie } })).statusCode,
      404,
    );
    assert.equal((await app.inject({ method: 'POST', url: `/api/payment/my-bookings/${id}/cancel` })).statusCode, 401);
    assert.equal((await app.inject({ method: 'GET', url: '/api/payment/my-bookings' })).statusCode, 401);
    assert.equal((await latestBooking(app, member.id)).status, 'paid');
    assert.equal((await cancel(app, member, 'not-an-id')).statusCode, 400);
  });

  it('a pending (unpaid) booking cannot be cancelled as a paid one (409)', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 3, date: inDays(20) });
    assert.equal((await checkout(app, other, eventId, 1)).statusCode, 200);
    const pending = await latestBooking(app, other.id);
    const res = await cancel(app, other, pending.id);
    assert.equal(res.statusCode, 409);
    assert.equal(json<Err>(res).error.code, 'not_paid');
  });
});

describeEachDatabase('door check-in', (ctx) => {
  let member: Member;
  let staff: Member;
  before(async () => {
    member = await createMember(ctx().app);
    staff = await createMember(ctx().app, { role: 'editor', firstname: 'Door', lastname: 'Keeper' });
  });

  const scan = (app: FastifyInstance, who: Member, eventId: string, code: string) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/events/${eventId}/check-in`,
      headers: { cookie: who.cookie },
      payload: { code },
    });

  it('a ticket token checks in once under 20 parallel scans; the others say when and by whom', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 6, date: inDays(3) });
    const id = await buyLocally(app, member, eventId, 2);
    const code = (await myBookings(app, member)).find((t) => t._id === id)!.ticketCode!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => scan(app, staff, eventId, i % 2 ? code.toLowerCase().replace(/-/g, ' ') : code)),
    );
    const outcomes = answers.map((r) => {
      assert.equal(r.statusCode, 200, r.body);
      return json<{
        data: {
          outcome: string;
          ticket: { checkedInBy: string; quantity: number; checkedInAt: string };
          counts: { checkedIn: number; sold: number };
        };
      }>(r).data;
    });
    assert.equal(outcomes.filter((o) => o.outcome === 'checked_in').length, 1);
    assert.equal(outcomes.filter((o) => o.outcome === 'already').length, 19);
    const at = new Set(outcomes.map((o) => o.ticket.checkedInAt));
    assert.equal(at.size, 1, 'one check-in time');
    for (const o of outcomes) assert.equal(o.ticket.checkedInBy, 'Door Keeper');
    const counts = await app.inject({
      method: 'GET',
      url: `/api/admin/events/${eventId}/check-in`,
      headers: { cookie: staff.cookie },
    });
    // One ticket is one person: the booking's second ticket has its own code, not checked in yet.
    assert.deepEqual(json(counts), { data: { checkedIn: 1, sold: 2 } });
    // A checked-in ticket can no longer be cancelled.
    assert.equal(json<Err>(await cancel(app, member, id)).error.code, 'checked_in');
  });

  it('a failed scan always says why: not a code (400), no such ticket (404), another event or a refunded ticket (409); members are refused (403)', async () => {
    const { app } = ctx();
    const eventId = await createEvent(app, { seats: 6, date: inDays(4) });
    const otherEvent = await createEvent(app, { seats: 6, date: inDays(4) });
    const id = await buyLocally(app, member, eventId, 1);
    const code = (await myBookings(app, member)).find((t) => t._id === id)!.ticketCode!;
    assert.equal(json<Err>(await scan(app, staff, eventId, 'hello')).error.code, 'bad_code');
    assert.equal((await scan(app, staff, eventId, '00000-00000-00000-00000')).statusCode, 404);
    assert.equal(json<Err>(await scan(app, staff, otherEvent, code)).error.code, 'other_event');
    assert.equal((await scan(app, member, eventId, code)).statusCode, 403);
    assert.equal((await cancel(app, member, id)).statusCode, 200);
    const refunded = await scan(app, staff, eventId, code);
    assert.equal(refunded.statusCode, 409);
    assert.match(json<Err>(refunded).error.message, /cancelled and refunded/);
  });
});

/** A fake of Stripe's API: checkout sessions and refunds (one per idempotency key), failing on demand. */
async function startFakeStripe() {
  const fake = {
    refunds: new Map<string, { id: string }>(),
    refundCalls: 0,
    failNextRefund: false,
    url: '',
    close: async () => {},
  };
  let counter = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const pathname = (req.url ?? '').split('?')[0];
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'POST' && pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${++counter}_${randomBytes(4).toString('hex')}`;
        return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}`, status: 'open' });
      }
      if (req.method === 'POST' && pathname === '/v1/refunds') {
        fake.refundCalls += 1;
        const key = String(req.headers['idempotency-key']);
        if (fake.failNextRefund) {
          fake.failNextRefund = false;
          // The refund is made, but its answer is lost.
          fake.refunds.set(key, { id: `re_test_${++counter}` });
          return send(500, { error: { type: 'api_error', message: 'Something went wrong.' } });
        }
        const refund = fake.refunds.get(key) ?? { id: `re_test_${++counter}` };
        fake.refunds.set(key, refund);
        return send(200, { ...refund, object: 'refund', payment_intent: params.payment_intent, status: 'succeeded' });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

const fakeStripe = await startFakeStripe();
after(() => fakeStripe.close());
const WEBHOOK_SECRET = 'whsec_test_tickets';
const signer = new Stripe('sk_test_signer');

function signedWebhook(
  app: FastifyInstance,
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomBytes(8).toString('hex')}`,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

/** Books through Stripe and confirms it with a signed checkout.session.completed; answers the booking's id and payment intent. */
async function buyWithStripe(app: FastifyInstance, member: Member, eventId: string, quantity = 1) {
  assert.equal((await checkout(app, member, eventId, quantity)).statusCode, 200);
  const booking = await latestBooking(app, member.id);
  const paymentIntent = `pi_${randomBytes(6).toString('hex')}`;
  const res = await signedWebhook(app, 'checkout.session.completed', {
    object: 'checkout.session',
    id: booking.provider_session_id,
    metadata: { booking_id: booking.id },
    payment_status: 'paid',
    payment_intent: paymentIntent,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal((await latestBooking(app, member.id)).status, 'paid');
  return { id: booking.id, paymentIntent };
}

const chargeRefunded = (paymentIntent: string, refundId: string) => ({
  object: 'charge',
  id: `ch_${paymentIntent.slice(3)}`,
  payment_intent: paymentIntent,
  refunded: true,
  refunds: { object: 'list', data: [{ id: refundId, object: 'refund' }] },
});

describeEachDatabase(
  'cancellations with Stripe (a fake of its API)',
  (ctx) => {
    let member: Member;
    before(async () => {
      member = await createMember(ctx().app);
    });

    it('a cancelled booking is refunded through Stripe once; the refund is recorded once when its webhook is replayed', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 5, date: inDays(7), title: 'Stripe Supper' });
      const { id, paymentIntent } = await buyWithStripe(app, member, eventId, 2);
      const callsBefore = fakeStripe.refundCalls;
      const res = await cancel(app, member, id);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(json<{ data: Booking }>(res).data.status, 'refunded');
      assert.equal(fakeStripe.refundCalls, callsBefore + 1);
      const recorded = await latestBooking(app, member.id);
      assert.match(recorded.refund_ref ?? '', /^re_test_/);

      const notice = chargeRefunded(paymentIntent, recorded.refund_ref!);
      const first = await signedWebhook(app, 'charge.refunded', notice, `evt_refund_${id}`);
      const replay = await signedWebhook(app, 'charge.refunded', notice, `evt_refund_${id}`);
      const retold = await signedWebhook(app, 'refund.updated', {
        object: 'refund',
        id: recorded.refund_ref,
        payment_intent: paymentIntent,
        status: 'succeeded',
      });
      assert.deepEqual(
        [first, replay, retold].map((r) => r.statusCode),
        [200, 200, 200],
      );
      assert.deepEqual(json(replay), { received: true, duplicate: true });
      const after = await latestBooking(app, member.id);
      assert.equal(after.status, 'refunded');
      assert.equal(after.refund_ref, recorded.refund_ref);
      assert.equal(new Date(after.refunded_at!).getTime(), new Date(recorded.refunded_at!).getTime());
      assert.equal(fakeStripe.refundCalls, callsBefore + 1);
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0 });
      assert.equal(
        mailsIn(app.config.dataDir)
          .map(plainMail)
          .filter((m) => /Booking cancelled: Stripe Supper/.test(m)).length,
        1,
      );
    });

    it('a refund Stripe could not make at the cancellation is made by the sweep, once, and the member is e-mailed once', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 5, date: inDays(11), title: 'Sweep Social' });
      const { id } = await buyWithStripe(app, member, eventId, 1);
      fakeStripe.failNextRefund = true;
      const res = await cancel(app, member, id);
      assert.equal(json<{ data: Booking }>(res).data.status, 'refund_due');
      // This time the provider was down and made no refund at all.
      fakeStripe.refunds.delete(`refund-${id}`);
      const fulfilment = createFulfilment(app, createPaymentProvider(app.config));
      assert.equal(await fulfilment.retryRefunds(new Date(Date.now() + 60_000)), 1);
      assert.equal(await fulfilment.retryRefunds(new Date(Date.now() + 60_000)), 0);
      const row = await latestBooking(app, member.id);
      assert.equal(row.status, 'refunded');
      assert.match(row.refund_ref ?? '', /^re_test_/);
      assert.equal(
        mailsIn(app.config.dataDir)
          .map(plainMail)
          .filter((m) => /Booking cancelled: Sweep Social/.test(m)).length,
        1,
      );
    });

    it('a refund whose answer was lost is recorded by its webhook (once, even replayed), and the sweep does not refund it again', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { seats: 5, date: inDays(9), title: 'Lost Answer Lunch' });
      const { id, paymentIntent } = await buyWithStripe(app, member, eventId, 1);
      fakeStripe.failNextRefund = true;
      const res = await cancel(app, member, id);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(json<{ data: Booking }>(res).data.status, 'refund_due');
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0 }, 'the seats go back at once');
      const mail = await waitForMailTo(app.config.dataDir, member.email, /Booking cancelled: Lost Answer Lunch/);
      assert.match(mail, /is being refunded in full/);

      const made = [...fakeStripe.refunds.entries()].find(([key]) => key === `refund-${id}`)![1];
      for (let i = 0; i < 3; i++) {
        const hook = await signedWebhook(app, 'charge.refunded', chargeRefunded(paymentIntent, made.id), `evt_lost_${id}`);
        assert.equal(hook.statusCode, 200);
      }
      const row = await latestBooking(app, member.id);
      assert.equal(row.status, 'refunded');
      assert.equal(row.refund_ref, made.id);
      const calls = fakeStripe.refundCalls;
      const fulfilment = createFulfilment(app, createPaymentProvider(app.config));
      assert.equal(await fulfilment.retryRefunds(new Date(Date.now() + 60_000)), 0);
      assert.equal(fakeStripe.refundCalls, calls, 'no second refund');
      assert.equal(
        mailsIn(app.config.dataDir)
          .map(plainMail)
          .filter((m) => /Booking cancelled: Lost Answer Lunch/.test(m)).length,
        1,
      );
    });
  },
  {
    config: {
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_fake',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: fakeStripe.url,
      reservationMinutes: 60,
    },
  },
);
