/**
 * The church's calendar as iCalendar: one event's file, the subscription
 * feeds (/calendar.ics, by church, by category) and a member's own tickets at
 * a secret address. Every file is read back with a real iCalendar parser
 * (ical.js) and compared with what the API's event list says.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import ICAL from 'ical.js';
import type { ChurchLocation, MinistryEvent } from '@ministry/shared/types';
import { newId } from '../src/lib/ids.js';
import { createEvent, createMember, describeEachDatabase, json } from './helpers.js';

interface ParsedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  startZone: string;
  status: string | null;
  categories: string[];
  description: string;
  url: string;
}

/** Parses a calendar file with ical.js, its VTIMEZONEs registered, into plain facts per VEVENT. */
function parseCalendar(ics: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startZone: String(vevent.getFirstProperty('dtstart')?.getParameter('tzid') ?? ''),
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      categories: vevent.getAllProperties('categories').flatMap((p) => p.getValues().map(String)),
      description: event.description,
      url: String(vevent.getFirstPropertyValue('url') ?? ''),
    };
  });
  return { calendar, events };
}

/** Every DTSTAMP line of a file (unfolded). */
const stamps = (ics: string): string[] =>
  [...ics.replace(/\r\n[ \t]/g, '').matchAll(/^DTSTAMP[^:]*:(.*)$/gm)].map((m) => m[1].trim());

describeEachDatabase('the calendar as iCalendar', (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'GET', url, headers });
  const apiEvents = async () => json<{ data: MinistryEvent[] }>(await get('/api/events')).data;
  const host = () => new URL(ctx().app.config.publicUrl).hostname;

  it("an event's file has its end time, the page's end time, and a DTSTAMP in UTC", async () => {
    const id = await createEvent(ctx().app, { title: 'Evensong', date: new Date('2031-07-04T22:00:00Z') });
    await ctx().app.db.updateTable('events').set({ duration_minutes: 75 }).where('id', '=', id).execute();
    const event = json<{ data: MinistryEvent }>(await get(`/api/events/search/${id}`)).data;
    assert.equal(event.end_date, '2031-07-04T23:15:00.000Z');
    const res = await get(`/api/events/${id}/calendar.ics`);
    assert.equal(res.statusCode, 200);
    const [stamp] = stamps(res.body);
    assert.match(stamp, /^\d{8}T\d{6}Z$/);
    const { events } = parseCalendar(res.body);
    assert.equal(events.length, 1);
    assert.equal(events[0].uid, `${id}@${host()}`);
    assert.equal(events[0].start, event.event_date);
    assert.equal(events[0].end, event.end_date);
    assert.equal(events[0].startZone, 'America/New_York');
  });

  it('an event whose length is not told ends two hours after it starts, on the page and in the file alike', async () => {
    const id = await createEvent(ctx().app, { title: 'Open-ended', date: new Date('2031-03-01T15:00:00Z') });
    const event = json<{ data: MinistryEvent }>(await get(`/api/events/search/${id}`)).data;
    assert.equal(event.end_date, '2031-03-01T17:00:00.000Z');
    const { events } = parseCalendar((await get(`/api/events/${id}/calendar.ics`)).body);
    assert.equal(events[0].end, event.end_date);
  });

  it("/calendar.ics holds every public event, with the API's times, a stable UID, its category, and DTSTAMP in UTC", async () => {
    const cancelled = await createEvent(ctx().app, { title: 'Called off', date: new Date(Date.now() + 20 * 86_400_000) });
    await ctx().app.db.updateTable('events').set({ cancelled_at: new Date() }).where('id', '=', cancelled).execute();
    const res = await get('/calendar.ics');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/calendar; charset=utf-8/);
    const { calendar, events } = parseCalendar(res.body);
    assert.equal(calendar.getFirstPropertyValue('version'), '2.0');
    assert.ok(calendar.getFirstPropertyValue('prodid'));
    assert.equal(calendar.getAllSubcomponents('vtimezone').length, 1);
    for (const stamp of stamps(res.body)) assert.match(stamp, /^\d{8}T\d{6}Z$/);

    const listed = await apiEvents();
    const byUid = new Map(events.map((e) => [e.uid, e]));
    for (const event of listed) {
      const entry = byUid.get(`${event._id}@${host()}`);
      assert.ok(entry, `${event.title} is in the feed`);
      assert.equal(entry.summary, event.title);
      assert.equal(entry.start, event.event_date);
      assert.equal(entry.end, event.end_date);
      assert.equal(entry.status, null);
      assert.deepEqual(entry.categories, event.category ? [event.category] : []);
      assert.equal(entry.url, new URL(`/events/${event._id}`, ctx().app.config.publicUrl).toString());
    }
    // A cancelled event still to come stays, marked cancelled; nothing else is added.
    assert.equal(byUid.get(`${cancelled}@${host()}`)?.status, 'CANCELLED');
    assert.equal(events.length, listed.length + 1);
    // The same event keeps the same UID from one download to the next.
    const again = parseCalendar((await get('/calendar.ics')).body).events.map((e) => e.uid);
    assert.deepEqual(
      again,
      events.map((e) => e.uid),
    );
  });

  it('?location=<id> holds the events at that church only; an unknown church is a 404, a malformed id a 400', async () => {
    const churches = json<{ data: ChurchLocation[] }>(await get('/api/locations')).data;
    const philadelphia = churches.find((c) => c.church_name === 'Luminaries Philadelphia')!;
    const res = await get(`/calendar.ics?location=${philadelphia._id}`);
    assert.equal(res.statusCode, 200);
    const { calendar, events } = parseCalendar(res.body);
    const expected = (await apiEvents()).filter((e) => e.place?.churchId === philadelphia._id);
    assert.ok(expected.length > 0);
    assert.deepEqual(events.map((e) => e.uid).sort(), expected.map((e) => `${e._id}@${host()}`).sort());
    assert.match(String(calendar.getFirstPropertyValue('x-wr-calname')), /Luminaries Philadelphia/);
    assert.equal((await get(`/calendar.ics?location=${newId()}`)).statusCode, 404);
    assert.equal((await get('/calendar.ics?location=nope')).statusCode, 400);
  });

  it('?category=<name> holds the events of that category, whatever the case; an unknown one gives an empty calendar', async () => {
    const res = await get('/calendar.ics?category=youth');
    assert.equal(res.statusCode, 200);
    const { events } = parseCalendar(res.body);
    const expected = (await apiEvents()).filter((e) => e.category?.toLowerCase() === 'youth');
    assert.ok(expected.length > 0);
    assert.deepEqual(
      events.map((e) => e.summary),
      expected.map((e) => e.title),
    );
    assert.deepEqual(events[0]?.categories, ['Youth']);
    const none = await get('/calendar.ics?category=Nothing%20of%20the%20kind');
    assert.equal(none.statusCode, 200);
    assert.equal(parseCalendar(none.body).events.length, 0);
    assert.equal((await get(`/calendar.ics?category=${'x'.repeat(61)}`)).statusCode, 400);
  });

  it('answers 304 to a calendar app that already has the current feed', async () => {
    const first = await get('/calendar.ics');
    const etag = String(first.headers.etag);
    assert.ok(etag);
    assert.equal((await get('/calendar.ics', { 'if-none-match': etag })).statusCode, 304);
  });

  it("a staff member's category reaches the event, the feed and the calendar's filter", async () => {
    const editor = await createMember(ctx().app, { role: 'editor' });
    const created = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: { cookie: editor.cookie },
      payload: {
        title: 'Prayer vigil',
        description: 'All night in prayer.',
        date: '2031-05-02',
        time: '21:00',
        durationMinutes: 480,
        category: '  Prayer   night ',
        place: 'address',
        churchId: null,
        address: '1 Main Street, Wilmington',
        photo: '/media/event-1.svg',
        price: 5,
        seats: 40,
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = json<{ data: { _id: string; category: string } }>(created).data._id;
    assert.equal(json<{ data: { category: string } }>(created).data.category, 'Prayer night');
    const { events } = parseCalendar((await get('/calendar.ics?category=prayer%20NIGHT')).body);
    assert.deepEqual(
      events.map((e) => e.uid),
      [`${id}@${host()}`],
    );
    const tooLong = await ctx().app.inject({
      method: 'PUT',
      url: `/api/admin/events/${id}`,
      headers: { cookie: editor.cookie },
      payload: { ...JSON.parse(created.payload).data, category: 'x'.repeat(41) },
    });
    assert.equal(tooLong.statusCode, 400);
    assert.match(tooLong.body, /category in at most 40 characters/);
  });

  it("a member's own tickets at a secret address they can reset; a stranger's address answers nothing", async () => {
    const member = await createMember(ctx().app);
    const headers = { cookie: member.cookie };
    const mine = (method: 'GET' | 'POST' | 'DELETE') => ctx().app.inject({ method, url: '/api/calendar/feed', headers });

    assert.equal((await ctx().app.inject({ method: 'GET', url: '/api/calendar/feed' })).statusCode, 401);
    assert.deepEqual(json<{ data: { url: string | null } }>(await mine('GET')).data, { url: null });
    const first = json<{ data: { url: string } }>(await mine('POST')).data.url;
    assert.match(first, /\/calendar\/tickets\/[A-Za-z0-9_-]{32}\.ics$/);
    assert.equal(json<{ data: { url: string } }>(await mine('GET')).data.url, first);

    // Two paid tickets for one event, one for another; a booking not paid and someone else's ticket are left out.
    const booked = await createEvent(ctx().app, { title: 'Family night', date: new Date('2031-09-12T23:00:00Z') });
    const other = await createEvent(ctx().app, { title: 'Choir day', date: new Date('2031-10-03T14:00:00Z') });
    const unpaid = await createEvent(ctx().app, { title: 'Not paid for' });
    const stranger = await createMember(ctx().app);
    const booking = (userId: string, eventId: string, quantity: number, status: 'paid' | 'pending') => ({
      id: newId(),
      user_id: userId,
      event_id: eventId,
      quantity,
      unit_price: 45,
      status,
      provider: 'local',
      expires_at: new Date(Date.now() + 3_600_000),
      paid_at: status === 'paid' ? new Date() : null,
    });
    await ctx()
      .app.db.insertInto('bookings')
      .values([
        booking(member.id, booked, 2, 'paid'),
        booking(member.id, other, 1, 'paid'),
        booking(member.id, unpaid, 1, 'pending'),
        booking(stranger.id, unpaid, 3, 'paid'),
      ])
      .execute();

    const path = new URL(first).pathname;
    const res = await get(path);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['cache-control']), /^private/);
    const { events } = parseCalendar(res.body);
    assert.deepEqual(
      events.map((e) => [e.uid, e.summary, e.start]),
      [
        [`${booked}@${host()}`, 'Family night', '2031-09-12T23:00:00.000Z'],
        [`${other}@${host()}`, 'Choir day', '2031-10-03T14:00:00.000Z'],
      ],
    );
    assert.match(events[0].description, /You have 2 tickets/);
    assert.match(events[1].description, /You have 1 ticket:/);

    // Reset: a new address; the old one answers no more.
    const second = json<{ data: { url: string } }>(await mine('POST')).data.url;
    assert.notEqual(second, first);
    assert.equal((await get(path)).statusCode, 404);
    assert.equal((await get(new URL(second).pathname)).statusCode, 200);
    // Turned off: no address at all.
    assert.deepEqual(json<{ data: { url: string | null } }>(await mine('DELETE')).data, { url: null });
    assert.equal((await get(new URL(second).pathname)).statusCode, 404);
    assert.equal((await get('/calendar/tickets/not-a-token.ics')).statusCode, 404);
  });

  it("a disabled member's feed answers nothing", async () => {
    const member = await createMember(ctx().app);
    const url = json<{ data: { url: string } }>(
      await ctx().app.inject({ method: 'POST', url: '/api/calendar/feed', headers: { cookie: member.cookie } }),
    ).data.url;
    await ctx().app.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', member.id).execute();
    assert.equal((await get(new URL(url).pathname)).statusCode, 404);
  });
});
