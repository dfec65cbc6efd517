/**
 * Repeating events: a weekly series keeps its local time across a
 * daylight-saving change, ends by count or date, skips dates; "this one"
 * changes one date, "this and following" starts a new series; each date has
 * its own seats; the feed (read back with ical.js) gives the API's dates.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import ICAL from 'ical.js';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { MinistryEvent, StaffEvent } from '@ministry/shared/types';
import { createMember, describeEachDatabase, json } from './helpers.js';

type Member = { id: string; cookie: string };

const local = (iso: string) => inSiteTimeZone(iso).format('YYYY-MM-DD HH:mm');

describeEachDatabase('repeating events', (ctx) => {
  let editor: Member;
  let admin: Member;
  let member: Member;
  let seriesId = '';

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Member, payload?: object) =>
    ctx().app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const occurrences = async (id = seriesId) =>
    json<{ data: MinistryEvent[] }>(await call('GET', '/api/events'))
      .data.filter((e) => e.seriesId === id)
      .sort((a, b) => a.event_date.localeCompare(b.event_date));
  const on = async (date: string, id = seriesId) => (await occurrences(id)).find((e) => e.occurrenceOn === date)!;
  const setRule = async (rule: object | null, id = seriesId) => {
    const res = await call('PUT', `/api/admin/events/${id}/recurrence`, editor, { rule });
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: StaffEvent | null }>(res).data;
  };
  const form = (over: object = {}) => ({
    title: 'Bible study',
    description: 'We read the Gospel of Mark together.',
    date: '2027-03-02',
    time: '19:00',
    durationMinutes: 90,
    category: 'Study',
    place: 'address',
    churchId: null,
    address: '12 Chapel Lane',
    photo: '/media/event-1.svg',
    price: 0,
    seats: 2,
    ...over,
  });

  it('a weekly series keeps 19:00 local across the change to summer time; it ends after a count or on a date', async () => {
    const app = ctx().app;
    editor = await createMember(app, { role: 'editor' });
    admin = await createMember(app, { role: 'admin' });
    member = await createMember(app);
    const created = await call('POST', '/api/admin/events', editor, form());
    assert.equal(created.statusCode, 201, created.body);
    const first = json<{ data: StaffEvent }>(created).data;
    const series = await setRule({ freq: 'weekly', interval: 1, weekdays: [1], count: 4 }, first._id);
    assert.ok(series?.recurrence);
    seriesId = series._id;

    const dates = await occurrences();
    assert.deepEqual(
      dates.map((e) => local(e.event_date)),
      ['2027-03-02 19:00', '2027-03-09 19:00', '2027-03-16 19:00', '2027-03-23 19:00'],
    );
    // 19:00 EST is 00:00 UTC; after 14 March, 19:00 EDT is 23:00 UTC.
    assert.equal(dates[1]!.event_date, '2027-03-10T00:00:00.000Z');
    assert.equal(dates[2]!.event_date, '2027-03-16T23:00:00.000Z');
    assert.equal(dates[0]!._id, first._id, 'the event made to repeat is its first date');
    assert.equal(dates[0]!.repeats, 'Weekly on Tuesdays, 4 times');
    // Its page address: each date is an event of its own; the series' address opens its next date.
    const page = json<{ data: MinistryEvent }>(await call('GET', `/api/events/search/${dates[2]!._id}`)).data;
    assert.equal(page.occurrenceOn, '2027-03-16');
    assert.equal(json<{ data: MinistryEvent }>(await call('GET', `/api/events/search/${seriesId}`)).data._id, first._id);

    await setRule({ freq: 'weekly', interval: 1, weekdays: [1], until: '2027-04-06' });
    assert.deepEqual(
      (await occurrences()).map((e) => e.occurrenceOn),
      ['2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23', '2027-03-30', '2027-04-06'],
    );
    const both = await call('PUT', `/api/admin/events/${seriesId}/recurrence`, editor, {
      rule: { freq: 'weekly', interval: 1, until: '2027-04-06', count: 3 },
    });
    assert.equal(both.statusCode, 400, both.body);
  });

  it('each date has its own seats; a series is booked by its dates; skipping a booked date cancels it as any event', async () => {
    const sixteenth = await on('2027-03-16');
    const booked = await call('POST', '/api/payment/reserve', member, { event: sixteenth._id, quantity: 2 });
    assert.equal(booked.statusCode, 200, booked.body);
    assert.equal((await on('2027-03-16')).seatsLeft, 0);
    assert.equal((await on('2027-03-23')).seatsLeft, 2, 'another date keeps its seats');
    const whole = await call('POST', '/api/payment/reserve', member, { event: seriesId, quantity: 1 });
    assert.equal(whole.statusCode, 409, whole.body);

    // Skipping a date nobody booked removes it; a booked one is cancelled, its reservation ended.
    assert.equal((await call('POST', `/api/admin/events/${(await on('2027-03-09'))._id}/skip`, admin)).statusCode, 200);
    assert.equal((await call('POST', `/api/admin/events/${sixteenth._id}/skip`, admin)).statusCode, 200);
    const left = await occurrences();
    assert.deepEqual(
      left.map((e) => e.occurrenceOn),
      ['2027-03-02', '2027-03-23', '2027-03-30', '2027-04-06'],
    );
    const cancelled = await ctx()
      .app.db.selectFrom('events')
      .select('cancelled_at')
      .where('id', '=', sixteenth._id)
      .executeTakeFirstOrThrow();
    assert.ok(cancelled.cancelled_at, 'the booked date is cancelled, not lost');
    const booking = await ctx()
      .app.db.selectFrom('bookings')
      .select(['status', 'refund_reason'])
      .where('event_id', '=', sixteenth._id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(booking, { status: 'cancelled', refund_reason: 'event_cancelled' });
  });

  it('"this one" changes one date only; edits of the series leave it alone', async () => {
    const twentyThird = await on('2027-03-23');
    const res = await call(
      'PUT',
      `/api/admin/events/${twentyThird._id}`,
      editor,
      form({ date: '2027-03-23', time: '20:00', title: 'Bible study (Passover)' }),
    );
    assert.equal(res.statusCode, 200, res.body);
    const series = json<{ data: StaffEvent }>(await call('GET', `/api/admin/events/${seriesId}`, editor)).data;
    const edit = await call(
      'PUT',
      `/api/admin/events/${seriesId}`,
      editor,
      form({ date: series.date, time: series.time, title: 'Mark, week by week' }),
    );
    assert.equal(edit.statusCode, 200, edit.body);
    const dates = await occurrences();
    assert.equal((await on('2027-03-23')).title, 'Bible study (Passover)');
    assert.equal(local((await on('2027-03-23')).event_date), '2027-03-23 20:00');
    assert.equal((await on('2027-03-30')).title, 'Mark, week by week');
    assert.equal(dates.length, 4);
  });

  it("the feed has one entry with RRULE and EXDATE, the changed date by RECURRENCE-ID, and gives the API's dates", async () => {
    const res = await call('GET', '/calendar.ics');
    assert.equal(res.statusCode, 200);
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const uid = `${seriesId}@${new URL(ctx().app.config.publicUrl).hostname}`;
    const entries = calendar.getAllSubcomponents('vevent').filter((v) => v.getFirstPropertyValue('uid') === uid);
    const master = entries.find((v) => v.hasProperty('rrule'))!;
    assert.ok(master, 'one entry repeats');
    assert.equal(master.getFirstProperty('dtstart')!.getParameter('tzid'), 'America/New_York');
    assert.equal(master.getAllProperties('exdate').length > 0, true);
    const event = new ICAL.Event(master);
    for (const exception of entries.filter((v) => v !== master)) event.relateException(exception);
    const expanded: string[] = [];
    const iterator = event.iterator();
    for (let next = iterator.next(); next && expanded.length < 20; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      if (details.item.component.getFirstPropertyValue('status') === 'CANCELLED') continue;
      expanded.push(`${details.startDate.toJSDate().toISOString()} ${details.item.summary}`);
    }
    const api = (await occurrences()).map((e) => `${e.event_date} ${e.title}`);
    assert.deepEqual(expanded, api);
  });

  it('"this and following" ends the series the day before and starts a new one with the changes', async () => {
    const thirtieth = await on('2027-03-30');
    const booked = await call('POST', '/api/payment/reserve', member, { event: thirtieth._id, quantity: 1 });
    assert.equal(booked.statusCode, 200, booked.body);
    const res = await call(
      'POST',
      `/api/admin/events/${thirtieth._id}/split`,
      editor,
      form({ date: '2027-03-30', time: '18:30', title: 'Acts, week by week' }),
    );
    assert.equal(res.statusCode, 200, res.body);
    const next = json<{ data: StaffEvent }>(res).data;
    assert.equal(next.recurrence?.until, '2027-04-06');
    const before = json<{ data: StaffEvent }>(await call('GET', `/api/admin/events/${seriesId}`, editor)).data;
    assert.equal(before.recurrence?.until, '2027-03-29');
    assert.deepEqual(
      (await occurrences()).map((e) => e.occurrenceOn),
      ['2027-03-02', '2027-03-23'],
    );
    const following = await occurrences(next._id);
    assert.deepEqual(
      following.map((e) => `${local(e.event_date)} ${e.title}`),
      ['2027-03-30 18:30 Acts, week by week', '2027-04-06 18:30 Acts, week by week'],
    );
    assert.equal(following[0]!._id, thirtieth._id, 'the booked date moved with its booking');
    assert.equal(following[0]!.seatsLeft, 1);
  });
});
