/**
 * The waitlist of a sold-out event, under load: 100 members race for the
 * last 5 seats, 30 of those left without join the waitlist, and while the
 * others keep trying to buy, seats come free every way they can (a hold runs
 * out, a checkout is cancelled, a paid booking is cancelled, staff add
 * seats) with the sweep running at the same time. Exactly the seats that
 * exist are sold, every freed seat is offered once (to the first members
 * waiting, in order, by one e-mail each), and an offer not taken in time
 * passes to the next member.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { inSiteTimeZone } from '@ministry/shared/format';
import { signedInBuyers, type Buyer } from './buyers.js';
import { createMember, describeEachDatabase, json, mailsIn, plainMail } from './helpers.js';

const dayFromNow = (days: number) => inSiteTimeZone(new Date(Date.now() + days * 86_400_000)).format('YYYY-MM-DD');
const eventInput = (seats: number) => ({
  title: 'Christmas Concert',
  description: 'Carols and readings by candlelight.',
  date: dayFromNow(30),
  time: '19:00',
  durationMinutes: 120,
  place: 'address',
  churchId: null,
  address: '12 Orchard Lane, Dover, DE',
  photo: '/media/event-1.svg',
  price: 20,
  seats,
});

const checkout = (app: FastifyInstance, buyer: Buyer, eventId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: { cookie: buyer.cookie },
    payload: { items: [{ quantity: 1, price: null }], user: buyer.id, event: eventId },
  });

const pay = (app: FastifyInstance, buyer: Buyer, bookingId: string) =>
  app.inject({ method: 'POST', url: `/pay/checkout/${bookingId}/complete`, headers: { cookie: buyer.cookie } });

const bookingOf = async (app: FastifyInstance, userId: string, eventId: string) =>
  app.db
    .selectFrom('bookings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('event_id', '=', eventId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

const eventRow = (app: FastifyInstance, id: string) =>
  app.db
    .selectFrom('events')
    .select(['number_of_seats', 'seats_held', 'seats_sold'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The offer mails in the outbox: the link in each, by recipient. */
function offerMails(dataDir: string): { to: string; link: string }[] {
  return mailsIn(dataDir)
    .map(plainMail)
    .filter((m) => /Subject: Seats for you/.test(m))
    .map((m) => ({ to: /^To: (\S+)/m.exec(m)![1]!, link: /Pay for your seats: (\S+)/.exec(m)![1]! }));
}

describeEachDatabase('waitlist', (ctx) => {
  it('100 members race for the last 5 seats with 30 waiting: no seat sold twice, every freed seat offered once, an expired offer passes on', async () => {
    const { app } = ctx();
    const dataDir = app.config.dataDir;
    const editor = await createMember(app, { role: 'editor' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: { cookie: editor.cookie },
      payload: eventInput(5),
    });
    assert.equal(created.statusCode, 201, created.body);
    const eventId = json<{ data: { _id: string } }>(created).data._id;
    const buyers = await signedInBuyers(app.db, 100);
    const emailOf = new Map<string, string>();
    for (const row of await app.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(
        'id',
        'in',
        buyers.map((b) => b.id),
      )
      .execute())
      emailOf.set(row.id, row.email);

    // The race: exactly 5 hold a seat.
    const first = await Promise.all(buyers.map((b) => checkout(app, b, eventId)));
    const holders = buyers.filter((_, i) => first[i]!.statusCode === 200);
    const losers = buyers.filter((_, i) => first[i]!.statusCode !== 200);
    assert.equal(holders.length, 5);
    assert.ok(first.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409));

    // A member cannot wait for seats that are free; once sold out, 30 join at once, each in their own place.
    const waiting = losers.slice(0, 30);
    const joined = await Promise.all(
      waiting.map((b) =>
        app.inject({
          method: 'POST',
          url: `/api/events/${eventId}/waitlist`,
          headers: { cookie: b.cookie },
          payload: { quantity: 1 },
        }),
      ),
    );
    assert.ok(
      joined.every((r) => r.statusCode === 200),
      joined.find((r) => r.statusCode !== 200)?.body,
    );
    const positions = joined.map((r) => json<{ data: { status: string; position: number } }>(r).data);
    assert.deepEqual(
      positions.map((p) => p.position).sort((a, b) => a - b),
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    const again = await app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/waitlist`,
      headers: { cookie: waiting[0]!.cookie },
      payload: { quantity: 1 },
    });
    assert.equal(again.statusCode, 409, 'once per event');
    const queue = [...waiting].sort((a, b) => positions[waiting.indexOf(a)]!.position - positions[waiting.indexOf(b)]!.position);

    // Two holders pay; one pays and will cancel; one hold runs out; one checkout will be cancelled.
    const [paidA, paidB, canceller, lapsing, quitter] = holders as [Buyer, Buyer, Buyer, Buyer, Buyer];
    for (const b of [paidA, paidB, canceller])
      assert.equal((await pay(app, b, (await bookingOf(app, b.id, eventId)).id)).statusCode, 303);
    await app.db
      .updateTable('bookings')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', lapsing.id)
      .where('event_id', '=', eventId)
      .execute();
    const cancelledPaid = await bookingOf(app, canceller.id, eventId);
    const quitterBooking = await bookingOf(app, quitter.id, eventId);

    // Seats come free every way at once, while the 70 others keep trying to buy and the sweep runs.
    const others = losers.slice(30);
    const [racing, memberCancel, checkoutCancel, staffSave] = await Promise.all([
      Promise.all(others.map((b) => checkout(app, b, eventId))),
      app.inject({
        method: 'POST',
        url: `/api/payment/my-bookings/${cancelledPaid.id}/cancel`,
        headers: { cookie: canceller.cookie },
      }),
      app.inject({
        method: 'POST',
        url: `/api/payment/bookings/${quitterBooking.id}/cancel`,
        headers: { cookie: quitter.cookie },
      }),
      app.inject({
        method: 'PUT',
        url: `/api/admin/events/${eventId}`,
        headers: { cookie: editor.cookie },
        payload: eventInput(7),
      }),
      app.jobs.run('waitlist-offers'),
      app.jobs.run('release-expired-holds'),
    ]);
    assert.equal(memberCancel.statusCode, 200, memberCancel.body);
    assert.equal(checkoutCancel.statusCode, 200, checkoutCancel.body);
    assert.equal(staffSave.statusCode, 200, staffSave.body);
    await app.jobs.run('waitlist-offers');
    assert.ok(
      racing.every((r) => r.statusCode === 409),
      'seats that come free go to the members waiting, not to whoever checks out first',
    );

    // 5 seats came free (a lapsed hold, a cancelled checkout, a cancelled booking, 2 added): 5 offers, to the first 5 waiting.
    const entries = await app.db.selectFrom('waitlist_entries').selectAll().where('event_id', '=', eventId).execute();
    const offered = entries.filter((e) => e.status === 'offered');
    assert.deepEqual(
      offered.map((e) => e.user_id).sort(),
      queue
        .slice(0, 5)
        .map((b) => b.id)
        .sort(),
    );
    assert.equal(new Set(offered.map((e) => e.booking_id)).size, 5);
    assert.deepEqual(await eventRow(app, eventId), { number_of_seats: 7, seats_held: 5, seats_sold: 2 });
    let mails = offerMails(dataDir);
    assert.equal(mails.length, 5, 'one e-mail per offer');
    assert.deepEqual(
      mails.map((m) => m.to).sort(),
      queue
        .slice(0, 5)
        .map((b) => emailOf.get(b.id)!)
        .sort(),
    );
    const fifth = await app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/waitlist`,
      headers: { cookie: queue[5]!.cookie },
    });
    assert.deepEqual(json<{ data: { status: string; position: number } }>(fifth).data.position, 1, 'the next one is now first');

    // The first offer is not taken in time: the sweeps (two at once) pass it to the next member, once.
    const firstOffer = offered.find((e) => e.user_id === queue[0]!.id)!;
    await app.db
      .updateTable('bookings')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', firstOffer.booking_id!)
      .execute();
    await Promise.all([app.jobs.run('waitlist-offers'), app.jobs.run('waitlist-offers'), app.jobs.run('release-expired-holds')]);
    await app.jobs.run('waitlist-offers');
    mails = offerMails(dataDir);
    assert.equal(mails.length, 6);
    assert.equal(mails.filter((m) => m.to === emailOf.get(queue[5]!.id)).length, 1, 'the sixth member waiting gets the seat');
    const lapsed = await app.db
      .selectFrom('waitlist_entries')
      .select('status')
      .where('id', '=', firstOffer.id)
      .executeTakeFirstOrThrow();
    assert.equal(lapsed.status, 'lapsed');
    assert.equal((await pay(app, queue[0]!, firstOffer.booking_id!)).statusCode, 409, 'an offer whose time is up cannot be paid');

    // Members follow their links and pay, all at once: exactly the 7 seats are sold.
    const takers = queue.slice(1, 6);
    const paid = await Promise.all(
      takers.map(async (b) => {
        const link = mails.find((m) => m.to === emailOf.get(b.id))!.link;
        const path = new URL(link).pathname;
        const page = await app.inject({ method: 'GET', url: path, headers: { cookie: b.cookie } });
        assert.equal(page.statusCode, 200, page.body);
        return app.inject({ method: 'POST', url: `${path}/complete`, headers: { cookie: b.cookie } });
      }),
    );
    assert.ok(paid.every((r) => r.statusCode === 303));
    assert.deepEqual(await eventRow(app, eventId), { number_of_seats: 7, seats_held: 0, seats_sold: 7 });
    const sold = await app.db
      .selectFrom('bookings')
      .select('user_id')
      .where('event_id', '=', eventId)
      .where('status', '=', 'paid')
      .execute();
    assert.equal(sold.length, 7);
    assert.equal(new Set(sold.map((s) => s.user_id)).size, 7);
    const booked = await app.db
      .selectFrom('waitlist_entries')
      .select('status')
      .where('event_id', '=', eventId)
      .where('status', '=', 'booked')
      .execute();
    await app.jobs.run('waitlist-offers');
    assert.equal(offerMails(dataDir).length, 6, 'no offer without a free seat');
    assert.ok(booked.length <= 5);

    // Leaving: the member is off the list; staff see those still waiting, in order.
    const leaver = queue[10]!;
    const left = await app.inject({
      method: 'DELETE',
      url: `/api/events/${eventId}/waitlist`,
      headers: { cookie: leaver.cookie },
    });
    assert.equal(json<{ data: { status: string } }>(left).data.status, 'none');
    const staff = await app.inject({
      method: 'GET',
      url: `/api/admin/events/${eventId}/waitlist`,
      headers: { cookie: editor.cookie },
    });
    assert.equal(staff.statusCode, 200);
    const list = json<{ data: { email: string; position: number; status: string }[] }>(staff).data;
    assert.equal(list.length, 30 - 6 - 1);
    assert.deepEqual(
      list.map((e) => e.position),
      Array.from({ length: 23 }, (_, i) => i + 1),
    );
    const member = await app.inject({
      method: 'GET',
      url: `/api/admin/events/${eventId}/waitlist`,
      headers: { cookie: leaver.cookie },
    });
    assert.equal(member.statusCode, 403);
  });

  it('a member cannot wait for seats that are free, nor for more than one member may hold; leaving with an offer passes it on', async () => {
    const { app } = ctx();
    const dataDir = app.config.dataDir;
    const editor = await createMember(app, { role: 'editor' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: { cookie: editor.cookie },
      payload: eventInput(1),
    });
    const eventId = json<{ data: { _id: string } }>(created).data._id;
    const [holder, first, second] = (await signedInBuyers(app.db, 3)) as [Buyer, Buyer, Buyer];
    const mailsBefore = offerMails(dataDir).length;
    const join = (b: Buyer, quantity = 1) =>
      app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/waitlist`,
        headers: { cookie: b.cookie },
        payload: { quantity },
      });
    assert.equal((await join(first)).statusCode, 409, 'seats are free: book them');
    assert.equal((await checkout(app, holder, eventId)).statusCode, 200);
    assert.equal((await join(first, app.config.seatsPerMember + 1)).statusCode, 400);
    assert.equal((await join(first)).statusCode, 200);
    assert.equal((await join(second)).statusCode, 200);
    assert.equal(
      (await app.inject({ method: 'POST', url: `/api/events/${eventId}/waitlist`, payload: { quantity: 1 } })).statusCode,
      401,
    );

    // The holder gives up their checkout: the first member waiting is offered the seat.
    const held = await bookingOf(app, holder.id, eventId);
    assert.equal(
      (await app.inject({ method: 'POST', url: `/pay/checkout/${held.id}/cancel`, headers: { cookie: holder.cookie } }))
        .statusCode,
      303,
    );
    const offer = json<{ data: { status: string; bookingId: string } }>(
      await app.inject({ method: 'GET', url: `/api/events/${eventId}/waitlist`, headers: { cookie: first.cookie } }),
    ).data;
    assert.equal(offer.status, 'offered');
    assert.equal((await checkout(app, holder, eventId)).statusCode, 409, 'the seat is held for the member offered it');

    // They leave the list instead: the seat goes on to the next one, and their offer can no longer be paid.
    const left = await app.inject({
      method: 'DELETE',
      url: `/api/events/${eventId}/waitlist`,
      headers: { cookie: first.cookie },
    });
    assert.equal(json<{ data: { status: string } }>(left).data.status, 'none');
    const next = json<{ data: { status: string } }>(
      await app.inject({ method: 'GET', url: `/api/events/${eventId}/waitlist`, headers: { cookie: second.cookie } }),
    ).data;
    assert.equal(next.status, 'offered');
    assert.equal((await pay(app, first, offer.bookingId)).statusCode, 409);
    assert.equal(offerMails(dataDir).length - mailsBefore, 2);
    assert.deepEqual(await eventRow(app, eventId), { number_of_seats: 1, seats_held: 1, seats_sold: 0 });
  });
});
