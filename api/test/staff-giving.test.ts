/**
 * The giving staff pages' API: events (create, edit, seats never below those
 * sold or held, attendees and their CSV, cancellation with its refunds and
 * e-mails, once each even when called twice or at once), the member's "My
 * tickets", and the admins' donations (filters, totals, CSV). On PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { AttendeeList, DonationReport, MinistryEvent, MyTicket, StaffEvent } from '@ministry/shared/types';
import { csvField, toCsv } from '../src/lib/csv.js';
import { newId } from '../src/lib/ids.js';
import { markBookingPaid } from '../src/modules/seats/bookings.js';
import { createEvent, createMember, describeEachDatabase, json, mailsIn, plainMail } from './helpers.js';

type Err = { error: { code: string; message: string; fields?: Record<string, string> } };
type Member = Awaited<ReturnType<typeof createMember>>;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** What a browser on the site sends with an unsafe request made by inject (whose host is localhost). */
const sameSite = { origin: 'http://localhost', host: 'localhost' };

/** A day `days` from now on the site's clock, 'YYYY-MM-DD'. */
const dayFromNow = (days: number) => inSiteTimeZone(new Date(Date.now() + days * 86_400_000)).format('YYYY-MM-DD');

const eventInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Harvest Thanksgiving',
  description: 'A morning of thanks, songs and a shared meal.',
  date: dayFromNow(40),
  time: '10:30',
  durationMinutes: 180,
  place: 'address',
  churchId: null,
  address: '12 Orchard Lane, Dover, DE',
  photo: '/media/event-1.svg',
  price: 15,
  seats: 10,
  ...overrides,
});

function request(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : sameSite) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function checkout(app: FastifyInstance, member: Member, eventId: string, quantity: number): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: { cookie: member.cookie, ...sameSite },
    payload: { items: [{ quantity, price: null }], user: member.id, event: eventId },
  });
  assert.equal(res.statusCode, 200, res.body);
  const row = await app.db
    .selectFrom('bookings')
    .select('id')
    .where('user_id', '=', member.id)
    .where('event_id', '=', eventId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Buys through the local (TEST MODE) checkout, as the member's browser does. */
async function buy(app: FastifyInstance, member: Member, eventId: string, quantity: number): Promise<string> {
  const id = await checkout(app, member, eventId, quantity);
  const paid = await app.inject({
    method: 'POST',
    url: `/pay/checkout/${id}/complete`,
    headers: { cookie: member.cookie, ...sameSite },
  });
  assert.equal(paid.statusCode, 303, paid.body);
  return id;
}

const bookingRow = (app: FastifyInstance, id: string) =>
  app.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventRow = (app: FastifyInstance, id: string) =>
  app.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const activityOf = (app: FastifyInstance, subjectId: string) =>
  app.db
    .selectFrom('activity_log')
    .select(['action', 'summary', 'actor_name'])
    .where('subject_id', '=', subjectId)
    .orderBy('seq')
    .execute();
const mailsTo = (app: FastifyInstance, to: string, subject: RegExp) =>
  mailsIn(app.config.dataDir)
    .map(plainMail)
    .filter((m) => new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'im').test(m) && subject.test(m));

/** Parses RFC 4180 text (the test's own reader, to check what a spreadsheet would read). */
function parseCsv(text: string): string[][] {
  assert.ok(text.startsWith('\uFEFF'), 'a byte order mark first');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  assert.equal(field, '', 'the file ends with CRLF');
  return rows;
}

describe('CSV fields (RFC 4180, safe in spreadsheets)', () => {
  it('quotes every field, and defuses formulas in text, also after a ; or , a spreadsheet might split on', () => {
    assert.equal(csvField('plain'), '"plain"');
    assert.equal(csvField('Smith, Jr'), '"Smith, Jr"');
    assert.equal(csvField('say "amen"'), '"say ""amen"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField(' padded'), '" padded"');
    assert.equal(csvField('=HYPERLINK("http://x")'), `"'=HYPERLINK(""http://x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r'])
      assert.equal(csvField(`${start}1`).replace(/^"|"$/g, '').charAt(0), "'", JSON.stringify(start));
    // Split on a ; or a , by a spreadsheet, the part after it would start a new cell: defused too.
    assert.equal(csvField('Ruth;=1+1'), `"Ruth;'=1+1"`);
    assert.equal(csvField('Ruth, @SUM(A1)'), `"Ruth, '@SUM(A1)"`);
    assert.equal(csvField('a;-2,+3'), `"a;'-2,'+3"`);
    assert.equal(csvField('Smith, Jr'), '"Smith, Jr"', 'ordinary commas stay as they are');
    assert.equal(csvField(-12.5), '"-12.5"', 'numbers the server computes stay numbers');
    assert.equal(csvField(null), '""');
    assert.equal(toCsv(['a', 'b'], [['1', 'x,y']]), '\uFEFF"a","b"\r\n"1","x,y"\r\n');
  });
});

describeEachDatabase('giving staff: events', (ctx) => {
  let member: Member;
  let editor: Member;
  let admin: Member;
  before(async () => {
    member = await createMember(ctx().app, { firstname: 'Mary', lastname: 'Member' });
    editor = await createMember(ctx().app, { role: 'editor', firstname: 'Eddie', lastname: 'Editor' });
    admin = await createMember(ctx().app, { role: 'admin', firstname: 'Ada', lastname: 'Admin' });
  });

  it('every staff route answers 401 signed out and 403 to a member; cancelling and donations 403 to an editor', async () => {
    const { app } = ctx();
    const id = await createEvent(app);
    const editorRoutes: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET', '/api/admin/events'],
      ['POST', '/api/admin/events', eventInput()],
      ['GET', `/api/admin/events/${id}`],
      ['PUT', `/api/admin/events/${id}`, eventInput()],
      ['GET', `/api/admin/events/${id}/attendees`],
      ['GET', `/api/admin/events/${id}/attendees.csv`],
    ];
    const adminRoutes: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['POST', `/api/admin/events/${id}/cancel`],
      ['GET', '/api/admin/donations'],
      ['GET', '/api/admin/donations.csv'],
    ];
    for (const [method, url, body] of [...editorRoutes, ...adminRoutes]) {
      assert.equal((await request(app, method, url, undefined, body)).statusCode, 401, `${method} ${url} signed out`);
      const refused = await request(app, method, url, member.cookie, body);
      assert.equal(refused.statusCode, 403, `${method} ${url} as a member`);
      assert.equal(json<Err>(refused).error.code, 'forbidden');
    }
    for (const [method, url, body] of adminRoutes) {
      const refused = await request(app, method, url, editor.cookie, body);
      assert.equal(refused.statusCode, 403, `${method} ${url} as an editor`);
      assert.match(json<Err>(refused).error.message, /Only an admin/);
    }
    for (const [method, url, body] of editorRoutes) {
      const res = await request(app, method, url, editor.cookie, body);
      assert.ok(res.statusCode === 200 || res.statusCode === 201, `${method} ${url} as an editor: ${res.statusCode} ${res.body}`);
    }
    assert.equal((await eventRow(app, id)).cancelled_at, null, 'nobody but an admin cancelled it');
  });

  it('refuses what is wrong with a clear 400 under the field', async () => {
    const { app } = ctx();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: '  ' }, 'title', /title/],
      [{ title: 'Line\nbreak' }, 'title', /one line/],
      [{ description: '' }, 'description', /Describe/],
      [{ date: '2031-02-30' }, 'date', /date/],
      [{ time: '25:00' }, 'time', /time/],
      [{ date: dayFromNow(-2) }, 'date', /still to come/],
      [{ place: 'moon' }, 'place', /church or give an address/],
      [{ place: 'address', address: '' }, 'address', /address/],
      [{ place: 'church', churchId: UNKNOWN_ID }, 'churchId', /church/],
      [{ photo: 'https://evil.example/x.jpg' }, 'photo', /photo/],
      [{ photo: '' }, 'photo', /photo/],
      [{ price: 0.5 }, 'price', /price from \$1 to \$10,000, or 0 for a free event/],
      [{ price: 'free' }, 'price', /price/],
      [{ price: 12.345 }, 'price', /cents/],
      [{ seats: 0 }, 'seats', /seats from 1/],
      [{ seats: 2.5 }, 'seats', /seats/],
      [{ durationMinutes: -5 }, 'durationMinutes', /length/],
    ];
    for (const [change, field, message] of cases) {
      const res = await request(app, 'POST', '/api/admin/events', editor.cookie, eventInput(change));
      assert.equal(res.statusCode, 400, `${JSON.stringify(change)}: ${res.body}`);
      const body = json<Err>(res);
      assert.match(body.error.fields?.[field] ?? '', message, `${JSON.stringify(change)} → ${JSON.stringify(body.error)}`);
      assert.match(body.error.message, message);
    }
    assert.equal((await request(app, 'GET', `/api/admin/events/not-an-id`, editor.cookie)).statusCode, 400);
    assert.equal((await request(app, 'GET', `/api/admin/events/${UNKNOWN_ID}`, editor.cookie)).statusCode, 404);
    assert.equal((await request(app, 'PUT', `/api/admin/events/${UNKNOWN_ID}`, editor.cookie, eventInput())).statusCode, 404);
  });

  it('creates an event at the date and time of the site’s clock, shows it in the public list at once, and records it', async () => {
    const { app } = ctx();
    const { data: church } = json<{ data: { _id: string; church_name: string }[] }>(await request(app, 'GET', '/api/locations'));
    // The public list is cached for a moment: read it first, so a stale answer would show.
    const beforeList = json<{ data: MinistryEvent[] }>(await request(app, 'GET', '/api/events')).data;
    const date = dayFromNow(60);
    const res = await request(
      app,
      'POST',
      '/api/admin/events',
      editor.cookie,
      eventInput({
        title: 'Night of Praise',
        date,
        time: '19:30',
        place: 'church',
        churchId: church[0]!._id,
        address: 'ignored',
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    const created = json<{ data: StaffEvent }>(res).data;
    assert.equal(created.date, date);
    assert.equal(created.time, '19:30');
    assert.equal(created.event_date, inSiteTimeZone(`${date}T19:30`).toISOString());
    assert.equal(created.place, 'church');
    assert.equal(created.address, null);
    assert.deepEqual([created.price, created.seats, created.seatsSold, created.seatsHeld], [15, 10, 0, 0]);

    const afterList = json<{ data: MinistryEvent[] }>(await request(app, 'GET', '/api/events')).data;
    assert.equal(afterList.length, beforeList.length + 1);
    const shown = afterList.find((e) => e._id === created._id)!;
    assert.equal(shown.place?.name, church[0]!.church_name);
    assert.equal(shown.seatsLeft, 10);
    assert.deepEqual(await activityOf(app, created._id), [
      { action: 'created', summary: `Event "Night of Praise" created for ${date} 19:30 (10 seats)`, actor_name: 'Eddie Editor' },
    ]);
    const read = json<{ data: StaffEvent }>(await request(app, 'GET', `/api/admin/events/${created._id}`, editor.cookie)).data;
    assert.deepEqual(read, created);
  });

  it('never sets fewer seats than are sold or held, says so under the field, and records what changed', async () => {
    const { app } = ctx();
    const created = json<{ data: StaffEvent }>(
      await request(app, 'POST', '/api/admin/events', editor.cookie, eventInput({ title: 'Men’s Breakfast', seats: 10 })),
    ).data;
    await app.db.updateTable('events').set({ price_id: 'price_old' }).where('id', '=', created._id).execute();
    await buy(app, member, created._id, 3); // sold
    await checkout(app, admin, created._id, 2); // held
    const below = await request(
      app,
      'PUT',
      `/api/admin/events/${created._id}`,
      editor.cookie,
      eventInput({ title: 'Men’s Breakfast', seats: 4 }),
    );
    assert.equal(below.statusCode, 400);
    assert.equal(json<Err>(below).error.fields?.seats, '5 seats are already sold or held: the event needs at least 5.');
    assert.equal((await eventRow(app, created._id)).number_of_seats, 10, 'nothing changed');

    // Public list warm, then a change: it shows at once.
    await request(app, 'GET', '/api/events');
    const saved = await request(
      app,
      'PUT',
      `/api/admin/events/${created._id}`,
      editor.cookie,
      eventInput({ title: 'Men’s Breakfast', seats: 5, price: 20 }),
    );
    assert.equal(saved.statusCode, 200, saved.body);
    const after = json<{ data: StaffEvent }>(saved).data;
    assert.deepEqual([after.seats, after.seatsSold, after.seatsHeld, after.price], [5, 3, 2, 20]);
    assert.equal(
      (await eventRow(app, created._id)).price_id,
      null,
      'a new price is charged as shown, not the old provider price',
    );
    const publicEvent = json<{ data: MinistryEvent[] }>(await request(app, 'GET', '/api/events')).data.find(
      (e) => e._id === created._id,
    )!;
    assert.deepEqual([publicEvent.numberOfSeats, publicEvent.seatsLeft, publicEvent.seat_price], [5, 0, 20]);
    const log = await activityOf(app, created._id);
    assert.equal(log.at(-1)?.summary, 'Event "Men’s Breakfast" updated: price (15 → 20) and seats (10 → 5)');
    assert.equal(log.length, 2);
    // Saving without a change records nothing.
    await request(
      app,
      'PUT',
      `/api/admin/events/${created._id}`,
      editor.cookie,
      eventInput({ title: 'Men’s Breakfast', seats: 5, price: 20 }),
    );
    assert.equal((await activityOf(app, created._id)).length, 2);
  });

  it('lists every event for the staff, to come first then past, with the seats sold and held', async () => {
    const { app } = ctx();
    const past = await createEvent(app, { date: new Date(Date.now() - 3 * 86_400_000), title: 'Last week' });
    const list = json<{ data: StaffEvent[] }>(await request(app, 'GET', '/api/admin/events', editor.cookie)).data;
    const firstPast = list.findIndex((e) => Date.parse(e.event_date) < Date.now());
    assert.ok(firstPast > 0);
    assert.ok(
      list.slice(0, firstPast).every((e, i, all) => i === 0 || Date.parse(all[i - 1]!.event_date) <= Date.parse(e.event_date)),
      'to come: soonest first',
    );
    assert.ok(list.slice(firstPast).every((e) => Date.parse(e.event_date) < Date.now()));
    assert.equal(list[firstPast]!._id, past, 'past: latest first');
    for (const e of list) assert.ok(e.seatsSold + e.seatsHeld <= e.seats);
  });

  it('lists the attendees with their totals, and a CSV a spreadsheet reads safely', async () => {
    const { app } = ctx();
    const tricky = await createMember(app, { firstname: '=HYPERLINK("http://evil.example")', lastname: 'Smith, "Jr"' });
    const id = await createEvent(app, { seats: 10, price: 15, title: 'Door List' });
    await buy(app, member, id, 2);
    await buy(app, tricky, id, 1);
    await checkout(app, editor, id, 3); // waiting for payment
    const other = await createMember(app);
    const abandoned = await checkout(app, other, id, 1);
    await app.inject({
      method: 'POST',
      url: `/pay/checkout/${abandoned}/cancel`,
      headers: { cookie: other.cookie, ...sameSite },
    });

    const list = json<{ data: AttendeeList }>(await request(app, 'GET', `/api/admin/events/${id}/attendees`, editor.cookie)).data;
    assert.deepEqual(
      list.attendees.map((a) => [a.name, a.email, a.tickets, a.payment, a.amount]),
      [
        ['Mary Member', member.email, 2, 'paid', 30],
        ['=HYPERLINK("http://evil.example") Smith, "Jr"', tricky.email, 1, 'paid', 15],
        ['Eddie Editor', editor.email, 3, 'waiting', 45],
      ],
      'a hold given up is not listed',
    );
    assert.deepEqual(list.totals, {
      bookings: 3,
      ticketsPaid: 3,
      ticketsWaiting: 3,
      ticketsRefunded: 0,
      amountPaid: 45,
      amountRefunded: 0,
    });
    assert.deepEqual([list.event.seats, list.event.seatsSold, list.event.seatsHeld], [10, 3, 3]);

    const res = await request(app, 'GET', `/api/admin/events/${id}/attendees.csv`, editor.cookie);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.equal(res.headers['content-disposition'], 'attachment; filename="door-list-attendees.csv"');
    const rows = parseCsv(res.body);
    assert.deepEqual(rows[0], [
      'Name',
      'E-mail',
      'Booking reference',
      'Tickets',
      'Payment',
      'Amount (USD)',
      'Booked on',
      'Paid on',
      'Ticket',
      'Ticket code',
      'Checked in at',
      'Checked in by',
      'Sent to',
    ]);
    // One row per ticket of a paid booking (Mary's 2, then 1), one for the booking not paid yet.
    assert.equal(rows.length, 5);
    const ref = (a: { _id: string }) => a._id.slice(0, 8).toUpperCase();
    const [mary, smith, eddie] = list.attendees;
    assert.deepEqual(rows[1]!.slice(0, 6), ['Mary Member', member.email, ref(mary!), '2', 'Paid', '30.00']);
    assert.deepEqual(rows[2]!.slice(0, 2), ['Mary Member', member.email]);
    assert.deepEqual([rows[1]![8], rows[2]![8]], ['1 of 2', '2 of 2']);
    assert.match(rows[1]![9]!, /^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    assert.notEqual(rows[1]![9], rows[2]![9], 'each ticket its own code');
    assert.equal(rows[1]![10], '', 'not checked in yet');
    assert.deepEqual(
      rows[3]!.slice(0, 6),
      [`'=HYPERLINK("http://evil.example") Smith, "Jr"`, tricky.email, ref(smith!), '1', 'Paid', '15.00'],
      'a formula is defused',
    );
    assert.deepEqual(rows[4]!.slice(0, 6), [
      'Eddie Editor',
      editor.email,
      ref(eddie!),
      '3',
      'Not paid yet (seats held)',
      '45.00',
    ]);
    assert.equal(rows[4]![9], '', 'not paid: no ticket');
    assert.match(rows[1]![6]!, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    assert.equal(rows[4]![7], '', 'not paid: no payment date');
    assert.ok(res.body.includes('"\'=HYPERLINK(""http://evil.example"") Smith, ""Jr"""'), 'quotes doubled inside a quoted field');
  });

  it('an admin cancels: out of the public list, nothing more sold, every paid booking refunded and every ticket holder told, once', async () => {
    const { app } = ctx();
    const id = await createEvent(app, {
      seats: 10,
      price: 15,
      title: 'Cancelled Concert',
      date: new Date(Date.now() + 3 * 3_600_000),
    });
    const onDashboard = async () =>
      json<{ data: { events: { _id: string }[] } }>(
        await request(app, 'GET', '/api/admin/dashboard', editor.cookie),
      ).data.events.some((e) => e._id === id);
    assert.ok(await onDashboard(), 'the soonest event is on the dashboard');
    const buyer = await createMember(app, { firstname: 'Ruth' });
    const paidA = await buy(app, buyer, id, 2);
    const paidB = await buy(app, member, id, 1);
    const holder = await createMember(app);
    const held = await checkout(app, holder, id, 3);
    assert.ok(json<{ data: MinistryEvent[] }>(await request(app, 'GET', '/api/events')).data.some((e) => e._id === id));

    const res = await request(app, 'POST', `/api/admin/events/${id}/cancel`, admin.cookie);
    assert.equal(res.statusCode, 200, res.body);
    const outcome = json<{
      data: { event: StaffEvent; refunded: number; refundsPending: number; notified: number; finished: boolean };
    }>(res).data;
    assert.deepEqual([outcome.refunded, outcome.refundsPending, outcome.notified, outcome.finished], [2, 0, 2, true]);
    assert.ok(outcome.event.cancelledAt);
    assert.deepEqual([outcome.event.seatsSold, outcome.event.seatsHeld], [0, 0]);

    for (const paid of [paidA, paidB]) {
      const row = await bookingRow(app, paid);
      assert.equal(row.status, 'refunded');
      assert.equal(row.refund_ref, `local_refund_${paid}`, 'the local provider records the refund');
      assert.equal(row.refund_reason, 'event_cancelled');
    }
    assert.equal((await bookingRow(app, held)).status, 'cancelled', 'the unpaid hold is released');

    // The public pages: out of the list at once (the cached list is dropped), its page says so, nothing is sold.
    assert.ok(!json<{ data: MinistryEvent[] }>(await request(app, 'GET', '/api/events')).data.some((e) => e._id === id));
    const page = json<{ data: MinistryEvent }>(await request(app, 'GET', `/api/events/search/${id}`)).data;
    assert.ok(page.cancelledAt);
    assert.equal(page.seatsLeft, 0);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: { cookie: holder.cookie, ...sameSite },
      payload: { items: [{ quantity: 1 }], user: holder.id, event: id },
    });
    assert.equal(refused.statusCode, 409);
    assert.equal(json<Err>(refused).error.message, 'This event has been cancelled.');
    assert.match((await request(app, 'GET', `/api/events/${id}/calendar.ics`)).body, /STATUS:CANCELLED/);
    assert.ok(!(await onDashboard()), 'the dashboard lists only events that go ahead');

    const mail = mailsTo(app, buyer.email, /Subject: Cancelled: Cancelled Concert/);
    assert.equal(mail.length, 1);
    assert.match(mail[0]!, /Hello Ruth,/);
    assert.match(mail[0]!, /has been cancelled/);
    assert.match(mail[0]!, /refunded your payment of \$30 in full/);
    assert.match(mail[0]!, /\/my-tickets/);
    assert.equal(mailsTo(app, member.email, /Subject: Cancelled: Cancelled Concert/).length, 1);
    assert.equal(mailsTo(app, holder.email, /Cancelled Concert/).length, 0, 'a hold that was never paid is no ticket');

    // Again: nothing more refunded, mailed or logged.
    const mails = mailsIn(app.config.dataDir).length;
    const again = await request(app, 'POST', `/api/admin/events/${id}/cancel`, admin.cookie);
    assert.equal(again.statusCode, 200);
    assert.equal(mailsIn(app.config.dataDir).length, mails);
    assert.deepEqual(
      (await activityOf(app, id)).map((a) => [a.action, a.summary]),
      [['cancelled', 'Event "Cancelled Concert" cancelled: 2 paid bookings refunded, their holders e-mailed']],
    );
    // A cancelled event can no longer be edited.
    assert.equal((await request(app, 'PUT', `/api/admin/events/${id}`, editor.cookie, eventInput())).statusCode, 409);

    // The member sees the refund on "My tickets".
    const mine = json<{ data: MyTicket[] }>(await request(app, 'GET', '/api/payment/my-bookings', buyer.cookie)).data;
    const ticket = mine.find((t) => t._id === paidA)!;
    assert.equal(ticket.status, 'refunded');
    assert.ok(ticket.event.cancelledAt);
    assert.ok(ticket.refundedAt);
    assert.equal(ticket.amount, 30);
    assert.equal((await request(app, 'GET', '/api/payment/my-bookings')).statusCode, 401);
  });

  it('cancelling twice at once refunds and tells each ticket holder once', async () => {
    const { app } = ctx();
    const id = await createEvent(app, { seats: 20, price: 10, title: 'Twice Cancelled' });
    const buyers = await Promise.all([1, 2, 3].map(() => createMember(app)));
    for (const b of buyers) await buy(app, b, id, 2);
    const mails = mailsIn(app.config.dataDir).length;
    const answers = await Promise.all([1, 2, 3].map(() => request(app, 'POST', `/api/admin/events/${id}/cancel`, admin.cookie)));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [200, 200, 200],
    );
    const rows = await app.db.selectFrom('bookings').selectAll().where('event_id', '=', id).execute();
    assert.deepEqual(
      rows.map((r) => r.status),
      ['refunded', 'refunded', 'refunded'],
    );
    assert.equal(mailsIn(app.config.dataDir).length, mails + 3);
    for (const b of buyers) assert.equal(mailsTo(app, b.email, /Subject: Cancelled: Twice Cancelled/).length, 1);
    assert.equal((await activityOf(app, id)).length, 1);
    const event = await eventRow(app, id);
    assert.deepEqual([event.seats_sold, event.seats_held], [0, 0]);
  });

  it('an event that took place cannot be cancelled; an unknown one is a 404', async () => {
    const { app } = ctx();
    const past = await createEvent(app, { date: new Date(Date.now() - 86_400_000) });
    const res = await request(app, 'POST', `/api/admin/events/${past}/cancel`, admin.cookie);
    assert.equal(res.statusCode, 409);
    assert.match(json<Err>(res).error.message, /already taken place/);
    assert.equal((await request(app, 'POST', `/api/admin/events/${UNKNOWN_ID}/cancel`, admin.cookie)).statusCode, 404);
  });

  it('"My tickets" lists what the member paid for, to come first, and not their unpaid holds', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const later = await createEvent(app, { date: new Date(Date.now() + 50 * 86_400_000), title: 'Later' });
    const sooner = await createEvent(app, { date: new Date(Date.now() + 5 * 86_400_000), title: 'Sooner' });
    const unpaid = await createEvent(app, { title: 'Unpaid' });
    await buy(app, me, later, 1);
    await buy(app, me, sooner, 2);
    await checkout(app, me, unpaid, 1);
    const mine = json<{ data: MyTicket[] }>(await request(app, 'GET', '/api/payment/my-bookings', me.cookie)).data;
    assert.deepEqual(
      mine.map((t) => [t.event.title, t.quantity, t.status, t.event.cancelledAt]),
      [
        ['Sooner', 2, 'paid', null],
        ['Later', 1, 'paid', null],
      ],
    );
  });
});

describeEachDatabase('giving staff: donations', (ctx) => {
  let admin: Member;
  let editor: Member;
  let giver: Member;
  before(async () => {
    const { app } = ctx();
    admin = await createMember(app, { role: 'admin' });
    editor = await createMember(app, { role: 'editor' });
    giver = await createMember(app, { firstname: 'Grace', lastname: 'Giver' });
    // Gifts on known days of the site's clock (noon there).
    const at = (day: string) => inSiteTimeZone(`${day}T12:00`).toDate();
    const gifts: [string, string, number | null, string, 'paid' | 'refunded', string | null, string | null][] = [
      ['offering', 'once', 50, '2025-01-05', 'paid', giver.id, null],
      ['tithing', 'monthly', 200, '2025-01-20', 'paid', giver.id, null],
      ['charitable', 'weekly', 20, '2025-02-03', 'paid', null, '+1 555 0100, "cell"'],
      ['charitable', 'weekly', 20, '2025-02-10', 'paid', null, 'donor@example.org'],
      ['generous', 'monthly', 250, '2025-02-28', 'paid', null, null],
      ['offering', 'once', 75.5, '2025-03-01', 'paid', null, 'late@example.org'],
      ['offering', 'once', 1000, '2025-03-02', 'refunded', null, 'refund@example.org'],
      ['tithing', 'once', null, '2025-03-03', 'paid', null, null],
    ];
    await app.db
      .insertInto('donations')
      .values(
        gifts.map(([type, frequency, amount, day, status, userId, email]) => ({
          id: newId(),
          type: type as 'offering',
          frequency: frequency as 'once',
          amount,
          status,
          provider: 'local',
          provider_ref: `test_${randomBytes(6).toString('hex')}`,
          user_id: userId,
          email,
          created_at: at(day),
        })),
      )
      .execute();
  });

  const report = async (query = '') => {
    const res = await request(ctx().app, 'GET', `/api/admin/donations${query}`, admin.cookie);
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: DonationReport }>(res).data;
  };

  it('lists every gift newest first with totals per type and per month (refunded gifts listed, not counted)', async () => {
    const all = await report('?from=2025-01-01&to=2025-03-31');
    assert.equal(all.matched, 8);
    assert.equal(all.items[0]!.createdAt, inSiteTimeZone('2025-03-03T12:00').toISOString());
    assert.equal(all.items.at(-1)!.giver, 'Grace Giver');
    assert.equal(all.items.at(-1)!.email, giver.email);
    assert.deepEqual([all.totals.count, all.totals.amount], [7, 615.5]);
    assert.deepEqual(all.totals.byType, [
      { type: 'offering', count: 2, amount: 125.5 },
      { type: 'tithing', count: 2, amount: 200 },
      { type: 'charitable', count: 2, amount: 40 },
      { type: 'generous', count: 1, amount: 250 },
    ]);
    assert.deepEqual(all.totals.byMonth, [
      { month: '2025-03', count: 2, amount: 75.5 },
      { month: '2025-02', count: 3, amount: 290 },
      { month: '2025-01', count: 2, amount: 250 },
    ]);
  });

  it('filters by type, frequency and a range of whole days on the site’s clock', async () => {
    assert.deepEqual(
      (await report('?type=charitable')).items.map((g) => g.amount),
      [20, 20],
    );
    assert.deepEqual(
      (await report('?frequency=monthly')).items.map((g) => g.type),
      ['generous', 'tithing'],
    );
    const february = await report('?from=2025-02-01&to=2025-02-28');
    assert.deepEqual(
      february.items.map((g) => inSiteTimeZone(g.createdAt).format('YYYY-MM-DD')),
      ['2025-02-28', '2025-02-10', '2025-02-03'],
    );
    assert.equal(february.totals.amount, 290);
    const oneDay = await report('?from=2025-02-10&to=2025-02-10&type=charitable&frequency=weekly');
    assert.equal(oneDay.matched, 1);
    assert.equal((await report('?type=offering&frequency=weekly')).matched, 0);
  });

  it('refuses bad filters with a clear 400', async () => {
    const { app } = ctx();
    for (const [query, field, message] of [
      ['?type=cash', 'type', /giving types/],
      ['?frequency=daily', 'frequency', /one-time, weekly or monthly/],
      ['?from=2025-13-01', 'from', /Use a date like/],
      ['?from=2025-03-01&to=2025-02-01', 'to', /last day comes before the first/],
    ] as const) {
      const res = await request(app, 'GET', `/api/admin/donations${query}`, admin.cookie);
      assert.equal(res.statusCode, 400, query);
      assert.match(json<Err>(res).error.fields?.[field] ?? '', message, query);
    }
    assert.equal((await request(app, 'GET', '/api/admin/donations?sort=x', admin.cookie)).statusCode, 400);
    assert.equal((await request(app, 'GET', '/api/admin/donations', editor.cookie)).statusCode, 403);
  });

  it('downloads the gifts that match as CSV, text made safe for spreadsheets', async () => {
    const { app } = ctx();
    const res = await request(app, 'GET', '/api/admin/donations.csv?type=charitable&from=2025-01-01&to=2025-12-31', admin.cookie);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.equal(res.headers['content-disposition'], 'attachment; filename="donations-2025-01-01-to-2025-12-31.csv"');
    const rows = parseCsv(res.body);
    assert.deepEqual(rows[0], [
      'Date',
      'Type',
      'Frequency',
      'Amount (USD)',
      'Status',
      'Giver',
      'E-mail',
      'Paid through',
      'Reference',
    ]);
    assert.deepEqual(
      rows.slice(1).map((r) => r.slice(0, 7)),
      [
        ['2025-02-10 12:00', 'Charitable', 'Weekly', '20.00', 'Given', 'donor@example.org', 'donor@example.org'],
        ['2025-02-03 12:00', 'Charitable', 'Weekly', '20.00', 'Given', `'+1 555 0100, "cell"`, `'+1 555 0100, "cell"`],
      ],
    );
    const refunded = parseCsv(
      (await request(app, 'GET', '/api/admin/donations.csv?from=2025-03-02&to=2025-03-02', admin.cookie)).body,
    );
    assert.deepEqual(refunded[1]!.slice(3, 6), ['1000.00', 'Refunded', 'refund@example.org']);
  });
});

/** A small stand-in for Stripe's API: checkouts, their expiry, and refunds (counted, idempotent by key, the first for a payment may fail). */
interface FakeStripe {
  url: string;
  refundCalls: { paymentIntent: string; key: string }[];
  failRefundFor: Set<string>;
  close: () => Promise<void>;
}

async function startFakeStripe(): Promise<FakeStripe> {
  const refunds = new Map<string, object>();
  const fake = { refundCalls: [] as FakeStripe['refundCalls'], failRefundFor: new Set<string>() };
  let counter = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const path = (req.url ?? '').split('?')[0];
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${++counter}`;
        return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}`, status: 'open' });
      }
      if (req.method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path))
        return send(200, { object: 'checkout.session', status: 'expired' });
      if (req.method === 'POST' && path === '/v1/refunds') {
        const key = String(req.headers['idempotency-key']);
        fake.refundCalls.push({ paymentIntent: params.payment_intent!, key });
        if (fake.failRefundFor.delete(params.payment_intent!))
          return send(500, { error: { type: 'api_error', message: 'Something went wrong.' } });
        const known = refunds.get(key);
        if (known) return send(200, known);
        const refund = {
          id: `re_test_${++counter}`,
          object: 'refund',
          payment_intent: params.payment_intent,
          status: 'succeeded',
        };
        refunds.set(key, refund);
        return send(200, refund);
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const fakeStripe = await startFakeStripe();
after(() => fakeStripe.close());

describeEachDatabase(
  'giving staff: cancelling refunds through Stripe',
  (ctx) => {
    let admin: Member;
    before(async () => {
      admin = await createMember(ctx().app, { role: 'admin' });
    });

    /** A paid Stripe booking: a checkout through the fake, then the payment as the webhook records it. */
    async function paidThroughStripe(app: FastifyInstance, eventId: string, quantity: number) {
      const buyer = await createMember(app);
      const id = await checkout(app, buyer, eventId, quantity);
      const paymentIntent = `pi_${id.replace(/-/g, '').slice(0, 16)}`;
      assert.equal((await markBookingPaid(app.db, id, paymentIntent)).outcome, 'paid');
      return { buyer, id, paymentIntent };
    }

    it('refunds each paid booking once through Stripe, even when the cancellation is sent twice at once', async () => {
      const { app } = ctx();
      const id = await createEvent(app, { seats: 30, price: 25, title: 'Stripe Gala' });
      const paid = [
        await paidThroughStripe(app, id, 2),
        await paidThroughStripe(app, id, 1),
        await paidThroughStripe(app, id, 4),
      ];
      fakeStripe.refundCalls.length = 0;
      const answers = await Promise.all([
        request(app, 'POST', `/api/admin/events/${id}/cancel`, admin.cookie),
        request(app, 'POST', `/api/admin/events/${id}/cancel`, admin.cookie),
      ]);
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        [200, 200],
      );
      await request(app, 'POST', `/api/admin/events/${id}/cancel`, admin.cookie);
      assert.deepEqual(
        fakeStripe.refundCalls.map((c) => c.paymentIntent).sort(),
        paid.map((p) => p.paymentIntent).sort(),
        'one refund call per payment',
      );
      for (const p of paid) {
        const row = await bookingRow(app, p.id);
        assert.equal(row.status, 'refunded');
        assert.match(row.refund_ref ?? '', /^re_test_/);
        assert.equal(fakeStripe.refundCalls.find((c) => c.paymentIntent === p.paymentIntent)?.key, `refund-${p.id}`);
        assert.equal(mailsTo(app, p.buyer.email, /Subject: Cancelled: Stripe Gala/).length, 1);
      }
    });

    it('a refund Stripe could not make is told as under way, then made once by a later try without a second e-mail', async () => {
      const { app } = ctx();
      const id = await createEvent(app, { seats: 10, price: 40, title: 'Shaky Refund' });
      const p = await paidThroughStripe(app, id, 1);
      fakeStripe.failRefundFor.add(p.paymentIntent);
      fakeStripe.refundCalls.length = 0;
      const first = json<{ data: { refunded: number; refundsPending: number; notified: number } }>(
        await request(app, 'POST', `/api/admin/events/${id}/cancel`, admin.cookie),
      ).data;
      assert.deepEqual([first.refunded, first.refundsPending, first.notified], [0, 1, 1]);
      assert.equal((await bookingRow(app, p.id)).status, 'refund_due');
      const told = mailsTo(app, p.buyer.email, /Subject: Cancelled: Shaky Refund/);
      assert.equal(told.length, 1);
      assert.match(told[0]!, /is being refunded in full/);

      const second = json<{ data: { refunded: number; refundsPending: number } }>(
        await request(app, 'POST', `/api/admin/events/${id}/cancel`, admin.cookie),
      ).data;
      assert.deepEqual([second.refunded, second.refundsPending], [1, 0]);
      assert.equal((await bookingRow(app, p.id)).status, 'refunded');
      assert.equal(fakeStripe.refundCalls.length, 2, 'the failed call, then the one that worked');
      assert.equal(mailsTo(app, p.buyer.email, /Shaky Refund/).length, 1, 'no second e-mail');
    });

    it('a checkout held when the event was cancelled and paid afterwards is refunded, and its payer told of the cancellation', async () => {
      const { app } = ctx();
      const id = await createEvent(app, { seats: 10, price: 12, title: 'Paid Too Late' });
      const buyer = await createMember(app);
      const booking = await checkout(app, buyer, id, 2);
      await request(app, 'POST', `/api/admin/events/${id}/cancel`, admin.cookie);
      assert.equal((await bookingRow(app, booking)).status, 'cancelled');
      fakeStripe.refundCalls.length = 0;
      // Stripe's notice of the payment arrives after the cancellation.
      const { createFulfilment } = await import('../src/modules/payments/fulfilment.js');
      const { createPaymentProvider } = await import('../src/modules/payments/provider.js');
      const outcome = await createFulfilment(app, createPaymentProvider(app.config)).bookingPaid(booking, 'pi_paid_too_late');
      assert.equal(outcome, 'refund_due');
      const row = await bookingRow(app, booking);
      assert.deepEqual([row.status, row.refund_reason], ['refunded', 'event_cancelled']);
      assert.equal(fakeStripe.refundCalls.length, 1);
      assert.deepEqual([(await eventRow(app, id)).seats_sold, (await eventRow(app, id)).seats_held], [0, 0]);
      assert.equal(mailsTo(app, buyer.email, /Subject: Cancelled: Paid Too Late/).length, 1);
    });
  },
  {
    config: {
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_fake',
      stripeWebhookSecret: 'whsec_test_staff_giving',
      stripeApiBase: fakeStripe.url,
    },
  },
);
