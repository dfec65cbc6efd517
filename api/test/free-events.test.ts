/**
 * Free events and tickets per seat: staff make an event free (price 0);
 * members reserve places with no payment step (within SEATS_PER_MEMBER),
 * get one ticket (code and QR code) per place by e-mail and on My tickets,
 * and cancel until the event begins (places back, offered to the waitlist,
 * confirmed from the event's page). At the door each ticket is checked in
 * on its own; the attendee list and its CSV show each ticket; a member
 * forwards a ticket to a guest, within a limit.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { down, up } from '../src/db/migrations/0036_event_tickets.js';
import { newId } from '../src/lib/ids.js';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { Booking, MyBooking } from '@ministry/shared/types';
import {
  createEvent,
  createMember,
  describeEachDatabase,
  json,
  limitsWith,
  mailsIn,
  plainMail,
  waitForMailTo,
} from './helpers.js';

type Member = { id: string; email: string; cookie: string };
type Err = { error: { code: string; message: string } };

const reserve = (app: FastifyInstance, member: Member, eventId: string, quantity?: number) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/reserve',
    headers: { cookie: member.cookie },
    payload: quantity === undefined ? { event: eventId } : { event: eventId, quantity },
  });

const myBookings = async (app: FastifyInstance, member: Member): Promise<MyBooking[]> => {
  const res = await app.inject({ method: 'GET', url: '/api/payment/my-bookings', headers: { cookie: member.cookie } });
  assert.equal(res.statusCode, 200, res.body);
  return json<{ data: MyBooking[] }>(res).data;
};

const cancel = (app: FastifyInstance, member: Member, bookingId: string) =>
  app.inject({ method: 'POST', url: `/api/payment/my-bookings/${bookingId}/cancel`, headers: { cookie: member.cookie } });

async function seats(app: FastifyInstance, eventId: string) {
  const row = await app.db
    .selectFrom('events')
    .select(['seats_held', 'seats_sold'])
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  return { held: row.seats_held, sold: row.seats_sold };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const dayFromNow = (days: number) => inSiteTimeZone(inDays(days)).format('YYYY-MM-DD');

describeEachDatabase(
  'free events and tickets per seat',
  (ctx) => {
    let member: Member;
    let other: Member;
    let editor: Member;
    before(async () => {
      member = await createMember(ctx().app, { firstname: 'Naomi' });
      other = await createMember(ctx().app);
      editor = await createMember(ctx().app, { role: 'editor' });
    });

    it('staff make an event free with price 0; prices between 0 and $1, or below 0, are refused', async () => {
      const { app } = ctx();
      const input = {
        title: 'Prayer Breakfast',
        description: 'Breakfast and prayer together.',
        date: dayFromNow(20),
        time: '08:00',
        durationMinutes: 90,
        place: 'address',
        churchId: null,
        address: '1 Main Street, Dover, DE',
        photo: '/media/event-1.svg',
        seats: 40,
      };
      const free = await app.inject({
        method: 'POST',
        url: '/api/admin/events',
        headers: { cookie: editor.cookie },
        payload: { ...input, price: 0 },
      });
      assert.equal(free.statusCode, 201, free.body);
      assert.equal(json<{ data: { price: number } }>(free).data.price, 0);
      for (const price of [0.5, -1]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/admin/events',
          headers: { cookie: editor.cookie },
          payload: { ...input, price },
        });
        assert.equal(res.statusCode, 400, res.body);
        assert.match(res.body, /or 0 for a free event/);
      }
    });

    it('a member reserves places at a free event: no payment, one ticket per place, e-mail without amounts; paid checkout refused', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { title: 'Free Picnic', price: 0, seats: 5, date: inDays(10) });
      const res = await reserve(app, member, eventId, 3);
      assert.equal(res.statusCode, 200, res.body);
      const booking = json<{ data: Booking }>(res).data;
      assert.equal(booking.status, 'paid');
      assert.equal(booking.amount, 0);
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 3 });

      const mine = (await myBookings(app, member)).find((b) => b._id === booking._id)!;
      assert.equal(mine.free, true);
      assert.equal(mine.reference, booking._id.slice(0, 8).toUpperCase());
      assert.equal(mine.tickets.length, 3);
      assert.equal(new Set(mine.tickets.map((t) => t.code)).size, 3, 'each ticket has its own code');
      assert.equal(mine.tickets[0]!.code, mine.ticketCode, "the first ticket is the booking's own code");
      for (const t of mine.tickets) assert.match(t.qrSvg ?? '', /^<svg/);
      assert.equal(Date.parse(mine.cancelUntil!), Date.parse(mine.event.event_date), 'free: cancel until it begins');

      const mail = await waitForMailTo(app.config.dataDir, member.email, /Your reservation: Free Picnic/);
      assert.match(mail, /3 places for Free Picnic/);
      assert.doesNotMatch(mail, /\$\d/, 'no amounts');
      for (const t of mine.tickets) assert.ok(mail.includes(t.code), `the mail has ${t.code}`);
      assert.match(mail, /Content-Id: <ticket-qr-3>/i);

      const paid = await app.inject({
        method: 'POST',
        url: '/api/payment/create-checkout-session',
        headers: { cookie: member.cookie },
        payload: { items: [{ quantity: 1, price: null }], user: member.id, event: eventId },
      });
      assert.equal(paid.statusCode, 409, paid.body);
      assert.equal(json<Err>(paid).error.code, 'free_event');
      // A paid event cannot be reserved.
      const priced = await createEvent(app, { price: 10 });
      assert.equal(json<Err>(await reserve(app, member, priced)).error.code, 'not_free');
    });

    it('places are limited by the seats left and SEATS_PER_MEMBER (counting those reserved already)', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { price: 0, seats: 30, date: inDays(9) });
      assert.equal((await reserve(app, member, eventId, 8)).statusCode, 200);
      const over = await reserve(app, member, eventId, 3);
      assert.equal(over.statusCode, 400, over.body);
      assert.match(json<Err>(over).error.message, /you can book 2 more/);
      const tooMany = await reserve(app, other, eventId, 11);
      assert.equal(tooMany.statusCode, 400);
      const small = await createEvent(app, { price: 0, seats: 2, date: inDays(9) });
      const left = await reserve(app, other, small, 3);
      assert.equal(left.statusCode, 409);
      assert.match(json<Err>(left).error.message, /Only 2 places are left/);
      const unverified = await createMember(app, { verified: false });
      assert.equal((await reserve(app, unverified, small, 1)).statusCode, 403);
    });

    it('a member cancels a reservation: places back, one e-mail, no refund; full event goes to the waitlist, confirmed with Reserve', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { title: 'Full Supper', price: 0, seats: 2, date: inDays(6) });
      const res = await reserve(app, member, eventId, 2);
      const id = json<{ data: Booking }>(res).data._id;
      assert.equal((await reserve(app, other, eventId, 1)).statusCode, 409, 'full');
      const joined = await app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/waitlist`,
        headers: { cookie: other.cookie },
        payload: { quantity: 1 },
      });
      assert.equal(joined.statusCode, 200, joined.body);

      const answers = await Promise.all(Array.from({ length: 4 }, () => cancel(app, member, id)));
      for (const a of answers) assert.equal(a.statusCode, 200, a.body);
      assert.equal(json<{ data: Booking }>(answers[0]!).data.status, 'cancelled');
      await waitForMailTo(app.config.dataDir, member.email, /Reservation cancelled: Full Supper/);
      const notices = mailsIn(app.config.dataDir)
        .map(plainMail)
        .filter((m) => /Reservation cancelled: Full Supper/.test(m));
      assert.equal(notices.length, 1);
      assert.doesNotMatch(notices[0]!, /\$\d|refunded your payment/);
      const mine = (await myBookings(app, member)).find((b) => b._id === id)!;
      assert.equal(mine.status, 'cancelled');
      assert.equal(mine.cancelledByMember, true);
      assert.equal(mine.tickets.length, 0, 'a cancelled reservation has no tickets');

      // The member waiting was offered one place (held), by an e-mail linking to the event's page.
      assert.deepEqual(await seats(app, eventId), { held: 1, sold: 0 });
      const offer = await waitForMailTo(app.config.dataDir, other.email, /Seats for you: Full Supper/);
      assert.match(offer, new RegExp(`Reserve your places: \\S+/events/${eventId}`));
      // Somebody else cannot take it (one place is free, one held); the member offered it confirms it with Reserve.
      const third = await createMember(app);
      const two = await reserve(app, third, eventId, 2);
      assert.equal(two.statusCode, 409);
      assert.match(json<Err>(two).error.message, /Only 1 place is left/);
      const taken = await reserve(app, other, eventId, 1);
      assert.equal(taken.statusCode, 200, taken.body);
      assert.equal(json<{ data: Booking }>(taken).data.status, 'paid');
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 1 });
      const entry = await app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/waitlist`,
        headers: { cookie: other.cookie },
      });
      assert.equal(json<{ data: { status: string } }>(entry).data.status, 'none', 'the offer is settled (booked)');
      // The offer's checkout page sends a free event's member to its page.
      const page = await app.inject({
        method: 'GET',
        url: `/pay/checkout/${json<{ data: Booking }>(taken).data._id}`,
        headers: { cookie: other.cookie },
      });
      assert.equal(page.statusCode, 303);
      assert.match(String(page.headers.location), new RegExp(`/events/${eventId}$`));
    });

    it("a member e-mails one ticket to a guest (that ticket only), within LIMIT_TICKET_FORWARDS_PER_ACCOUNT; never another member's", async () => {
      const { app } = ctx();
      const forwarder = await createMember(app, { firstname: 'Lydia', lastname: 'Purple' });
      const eventId = await createEvent(app, { title: 'Guest Night', price: 0, seats: 9, date: inDays(8) });
      const id = json<{ data: Booking }>(await reserve(app, forwarder, eventId, 3)).data._id;
      const mine = (await myBookings(app, forwarder)).find((b) => b._id === id)!;
      const [first, second, third] = mine.tickets;
      const forward = (who: Member, ticketId: string, email: string) =>
        app.inject({
          method: 'POST',
          url: `/api/payment/tickets/${ticketId}/forward`,
          headers: { cookie: who.cookie },
          payload: { email },
        });
      const sent = await forward(forwarder, second!._id, 'Guest.Two@Example.org');
      assert.equal(sent.statusCode, 200, sent.body);
      assert.equal(json<{ data: { forwardedTo: string } }>(sent).data.forwardedTo, 'guest.two@example.org');
      const mail = await waitForMailTo(app.config.dataDir, 'guest.two@example.org', /Your ticket: Guest Night/);
      assert.match(mail, /Lydia Purple sends you a ticket for Guest Night/);
      assert.ok(mail.includes(second!.code));
      assert.ok(!mail.includes(first!.code) && !mail.includes(third!.code), 'only that ticket');
      assert.match(mail, /Content-Id: <ticket-qr>/i);
      assert.equal(
        (await myBookings(app, forwarder)).find((b) => b._id === id)!.tickets[1]!.forwardedTo,
        'guest.two@example.org',
      );

      assert.equal((await forward(forwarder, third!._id, 'not an address')).statusCode, 400);
      assert.equal((await forward(other, third!._id, 'x@example.org')).statusCode, 404, 'not their ticket');
      // The suite allows 3 a day per member (a refused address counts too): the third is sent, the fourth refused.
      assert.equal((await forward(forwarder, third!._id, 'guest.three@example.org')).statusCode, 200);
      const over = await forward(forwarder, third!._id, 'guest.three@example.org');
      assert.equal(over.statusCode, 429, over.body);
    });

    it('each ticket checks in on its own; a second scan says when; the attendee list and its CSV show each ticket', async () => {
      const { app } = ctx();
      const family = await createMember(app, { firstname: 'Ruth', lastname: 'Moab' });
      const eventId = await createEvent(app, { title: 'Family Day', price: 0, seats: 9, date: inDays(3) });
      const id = json<{ data: Booking }>(await reserve(app, family, eventId, 3)).data._id;
      const codes = (await myBookings(app, family)).find((b) => b._id === id)!.tickets.map((t) => t.code);
      const scan = (code: string) =>
        app.inject({
          method: 'POST',
          url: `/api/admin/events/${eventId}/check-in`,
          headers: { cookie: editor.cookie },
          payload: { code },
        });
      type Scan = {
        data: {
          outcome: string;
          ticket: { position: number; quantity: number; code: string; reference: string; checkedInAt: string };
          counts: { checkedIn: number; sold: number };
        };
      };
      const first = json<Scan>(await scan(codes[1]!.toLowerCase().replace(/-/g, ' '))).data;
      assert.equal(first.outcome, 'checked_in');
      assert.deepEqual([first.ticket.position, first.ticket.quantity, first.ticket.code], [2, 3, codes[1]]);
      assert.equal(first.ticket.reference, id.slice(0, 8).toUpperCase());
      assert.deepEqual(first.counts, { checkedIn: 1, sold: 3 }, 'one person in, not the whole booking');
      // Scanned twice at once: one checks in; again later: already, at the first time.
      const both = await Promise.all([scan(codes[0]!), scan(codes[0]!)]);
      assert.deepEqual(both.map((r) => json<Scan>(r).data.outcome).sort(), ['already', 'checked_in']);
      const again = json<Scan>(await scan(codes[1]!)).data;
      assert.equal(again.outcome, 'already');
      assert.equal(again.ticket.checkedInAt, first.ticket.checkedInAt);
      assert.deepEqual(again.counts, { checkedIn: 2, sold: 3 });
      // Checked in: the reservation can no longer be cancelled.
      assert.equal((await cancel(app, family, id)).statusCode, 409);

      type List = {
        data: {
          free: boolean;
          attendees: { _id: string; reference: string; passes: { code: string; checkedInAt: string | null }[] }[];
        };
      };
      const list = json<List>(
        await app.inject({ url: `/api/admin/events/${eventId}/attendees`, headers: { cookie: editor.cookie } }),
      ).data;
      assert.equal(list.free, true);
      const booking = list.attendees.find((a) => a._id === id)!;
      assert.equal(booking.reference, id.slice(0, 8).toUpperCase());
      assert.deepEqual(
        booking.passes.map((p) => [p.code, p.checkedInAt !== null]),
        [
          [codes[0], true],
          [codes[1], true],
          [codes[2], false],
        ],
      );
      const csv = await app.inject({ url: `/api/admin/events/${eventId}/attendees.csv`, headers: { cookie: editor.cookie } });
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      assert.match(lines[0]!, /"Booking reference",.*"Ticket","Ticket code","Checked in at","Checked in by","Sent to"/);
      assert.equal(lines.length, 4, 'one row per ticket');
      assert.ok(!csv.body.includes(id), 'the short reference, not the full id');
      assert.match(
        lines[2]!,
        new RegExp(
          `^"Ruth Moab",".+","${id.slice(0, 8).toUpperCase()}","3","Reserved \\(free\\)","0\\.00",.*"2 of 3","${codes[1]}","\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}","Test Member",""$`,
        ),
      );
      assert.match(lines[3]!, new RegExp(`"3 of 3","${codes[2]}","","",""$`));
    });

    it('an admin cancels a free event: reservations end without refunds, each holder is told once', async () => {
      const { app } = ctx();
      const admin = await createMember(app, { role: 'admin' });
      const eventId = await createEvent(app, { title: 'Free Cancelled', price: 0, seats: 9, date: inDays(4) });
      const id = json<{ data: Booking }>(await reserve(app, member, eventId, 2)).data._id;
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/events/${eventId}/cancel`,
        headers: { cookie: admin.cookie },
      });
      assert.equal(res.statusCode, 200, res.body);
      const row = await app.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(row.status, 'cancelled');
      assert.equal(row.refund_reason, 'event_cancelled');
      const mail = await waitForMailTo(app.config.dataDir, member.email, /Cancelled: Free Cancelled/);
      assert.match(mail, /nothing to refund/);
      assert.deepEqual(await seats(app, eventId), { held: 0, sold: 0 });
    });

    it('the migration gives bookings made before one ticket per seat: the first keeps the QR code mailed, a group checked in stays in', async () => {
      const { app } = ctx();
      const eventId = await createEvent(app, { price: 20, seats: 9, date: inDays(12) });
      const make = async (token: string, quantity: number, checkedIn: Date | null) => {
        const id = newId();
        await app.db
          .insertInto('bookings')
          .values({
            id,
            user_id: member.id,
            event_id: eventId,
            quantity,
            unit_price: 20,
            status: 'paid',
            provider: 'local',
            expires_at: new Date(),
            paid_at: new Date(),
            ticket_token: token,
            checked_in_at: checkedIn,
            checked_in_by: checkedIn ? editor.id : null,
          })
          .execute();
        return id;
      };
      const at = new Date(Date.now() - 60_000);
      const group = await make('ABCDEF0123456789ABCD', 3, at);
      const single = await make('0123456789ABCDEF0123', 1, null);
      const before = await app.db.selectFrom('event_tickets').select(['booking_id', 'position', 'token']).execute();
      await down(app.db as unknown as Kysely<unknown>);
      await up(app.db as unknown as Kysely<unknown>);
      const tickets = await app.db.selectFrom('event_tickets').selectAll().orderBy('position').execute();
      const of = (id: string) => tickets.filter((t) => t.booking_id === id);
      assert.equal(of(group).length, 3);
      assert.equal(of(group)[0]!.token, 'ABCDEF0123456789ABCD');
      assert.equal(new Set(of(group).map((t) => t.token)).size, 3);
      for (const t of of(group)) {
        assert.equal(new Date(t.checked_in_at!).getTime(), at.getTime());
        assert.match(t.token, /^[0-9A-F]{20}$/);
      }
      assert.deepEqual(
        of(single).map((t) => [t.position, t.token, t.checked_in_at]),
        [[1, '0123456789ABCDEF0123', null]],
      );
      // Every booking's first ticket keeps the code its member was mailed.
      for (const old of before.filter((b) => b.position === 1)) assert.equal(of(old.booking_id)[0]!.token, old.token);
    });
  },
  { config: { limits: limitsWith({ ticketForwardsPerAccount: 3 }) } },
);
