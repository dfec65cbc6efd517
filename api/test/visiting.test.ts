/**
 * What a first-time visitor looks for: each church's services, parking and
 * map; where an event happens and how long it lasts; the event as a
 * calendar entry in the site's time zone.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ChurchLocation, MinistryEvent } from '@ministry/shared/types';
import { createEvent, describeEachDatabase, json } from './helpers.js';

describeEachDatabase('visiting a church or an event', (ctx) => {
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });
  const events = async () => json<{ data: MinistryEvent[] }>(await get('/api/events')).data;

  it('lists each church with its services in the order of the week, its parking and its place on the map', async () => {
    const { data } = json<{ data: ChurchLocation[] }>(await get('/api/locations'));
    const hq = data.find((c) => c.church_name.includes('Headquarters'));
    assert.ok(hq);
    assert.deepEqual(
      hq.serviceTimes.map((s) => [s.weekday, s.time, s.language]),
      [
        [0, '08:00', 'English'],
        [0, '10:30', 'English'],
        [0, '13:00', 'Spanish'],
        [3, '19:00', 'English'],
      ],
    );
    assert.equal(hq.serviceTimes[2].name, 'Servicio en español');
    assert.match(hq.parking ?? '', /parking/i);
    assert.ok(hq.map && Math.abs(hq.map.latitude - 39.74) < 0.1 && Math.abs(hq.map.longitude + 75.54) < 0.1);
    for (const church of data) assert.ok(church.serviceTimes.length >= 2, church.church_name);
  });

  it('says where each event happens: one of the churches, or a venue by its address', async () => {
    const list = await events();
    const atChurch = list.find((e) => e.title === 'Night of Worship');
    assert.deepEqual(atChurch?.place?.name, 'Luminaries Philadelphia');
    assert.match(atChurch?.place?.address ?? '', /310 Market Street/);
    assert.ok(atChurch?.place?.churchId);
    assert.equal(atChurch?.durationMinutes, 150);
    const atVenue = list.find((e) => e.title === 'Youth Ablaze Camp');
    assert.equal(atVenue?.place?.name, null);
    assert.match(atVenue?.place?.address ?? '', /Camp Pecometh/);
    const one = json<{ data: MinistryEvent }>(await get(`/api/events/search/${atChurch!._id}`)).data;
    assert.deepEqual(one.place, atChurch!.place);
  });

  it('an event without a place tells none', async () => {
    const id = await createEvent(ctx().app, { title: 'Placeless' });
    const one = json<{ data: MinistryEvent }>(await get(`/api/events/search/${id}`)).data;
    assert.equal(one.place, null);
    assert.equal(one.durationMinutes, null);
  });

  it("gives an event as a calendar entry at its local hour in the site's time zone", async () => {
    const id = await createEvent(ctx().app, { title: 'Carol Service, with choir', date: new Date('2031-12-20T23:30:00Z') });
    await ctx()
      .app.db.updateTable('events')
      .set({ venue: '1 Main Street, Wilmington', duration_minutes: 90 })
      .where('id', '=', id)
      .execute();
    const res = await get(`/api/events/${id}/calendar.ics`);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/calendar/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="carol-service-with-choir\.ics"/);
    const ics = res.body.replace(/\r\n[ \t]/g, '');
    assert.match(ics, /^BEGIN:VCALENDAR/);
    assert.match(ics, /BEGIN:VTIMEZONE\r?\nTZID:America\/New_York/);
    // 23:30 UTC in December is 18:30 in New York; 90 minutes later it ends.
    assert.match(ics, /DTSTART;TZID=America\/New_York:20311220T183000/);
    assert.match(ics, /DTEND;TZID=America\/New_York:20311220T200000/);
    assert.match(ics, /SUMMARY:Carol Service\\, with choir/);
    assert.match(ics, /LOCATION:1 Main Street\\, Wilmington/);
    assert.match(ics, new RegExp(`URL;VALUE=URI:http[^\\r\\n]*/events/${id}`));
  });

  it('a calendar entry for an unknown event is a 404, a malformed id a 400', async () => {
    assert.equal((await get('/api/events/00000000-0000-4000-8000-000000000000/calendar.ics')).statusCode, 404);
    assert.equal((await get('/api/events/nope/calendar.ics')).statusCode, 400);
  });
});
