/**
 * Sample events are dated from the moment of seeding: a fresh database always
 * has six upcoming events, at local hours of the ministry's time zone, the
 * Leaders' Breakfast (3 seats) first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EVENT_TIME_ZONE } from '../content/events.js';
import { migrate, openDatabase } from '../src/db/index.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { scheduledAt } from '../src/seed/localTime.js';

const DAY = 86_400_000;

/** Weekday and 'HH:mm' of an instant on the clocks of a time zone. */
function local(instant: Date, timeZone = EVENT_TIME_ZONE): { weekday: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { weekday: parts.weekday, time: `${parts.hour}:${parts.minute}` };
}

async function seededEvents(now: Date) {
  const database = await openDatabase({ url: 'memory://' });
  try {
    await migrate(database.db);
    await seedIfEmpty(database.db, now);
    return await database.db.selectFrom('events').selectAll().orderBy('event_date').execute();
  } finally {
    await database.close();
  }
}

describe('sample events', () => {
  it('scheduledAt: the first such weekday at least N days ahead, at the local hour, across daylight-saving changes', () => {
    // Thursday 5 March 2026, noon in New York (EST, UTC-5).
    const now = new Date('2026-03-05T17:00:00Z');
    // 10 days ahead is Sunday 15 March (EDT since the 8th): the first Saturday from then is the 21st.
    assert.equal(
      scheduledAt(now, { daysAhead: 10, weekday: 6, time: '08:00' }, 'America/New_York').toISOString(),
      '2026-03-21T12:00:00.000Z',
    );
    // Friday 6 March, 19:30 EST, is already the 7th in UTC.
    assert.equal(
      scheduledAt(now, { daysAhead: 1, weekday: 5, time: '19:30' }, 'America/New_York').toISOString(),
      '2026-03-07T00:30:00.000Z',
    );
    // Already that weekday: that very day.
    assert.equal(
      scheduledAt(now, { daysAhead: 0, weekday: 4, time: '18:00' }, 'America/New_York').toISOString(),
      '2026-03-05T23:00:00.000Z',
    );
    // Late in the evening in New York, already the next day in UTC: days count from the local date.
    const lateEvening = new Date('2026-11-10T03:30:00Z'); // Monday 9 November, 22:30 EST
    assert.equal(
      scheduledAt(lateEvening, { daysAhead: 1, weekday: 2, time: '09:30' }, 'America/New_York').toISOString(),
      '2026-11-10T14:30:00.000Z',
    );
    assert.equal(
      scheduledAt(now, { daysAhead: 2, weekday: 6, time: '10:00' }, 'Europe/Paris').toISOString(),
      '2026-03-07T09:00:00.000Z',
    );
  });

  for (const now of [new Date(), new Date('2031-06-15T04:00:00Z'), new Date('2029-10-31T22:00:00Z')]) {
    it(`a database seeded on ${now.toISOString()} has six upcoming events at sensible local hours`, async () => {
      const events = await seededEvents(now);
      assert.equal(events.length, 6);
      for (const event of events) {
        const at = new Date(event.event_date);
        assert.ok(at.getTime() > now.getTime() + 7 * DAY, `${event.title} is at least a week ahead`);
        assert.ok(at.getTime() < now.getTime() + 200 * DAY, `${event.title} is within the next months`);
        const { time } = local(at);
        assert.ok(time >= '08:00' && time <= '20:00', `${event.title} at ${time}`);
      }
      const breakfast = events[0];
      assert.equal(breakfast.title, 'Leaders’ Breakfast with the Apostle');
      assert.equal(breakfast.number_of_seats, 3);
      assert.deepEqual(local(new Date(breakfast.event_date)), { weekday: 'Saturday', time: '08:00' });
      const worship = events.find((e) => e.title === 'Night of Worship')!;
      assert.deepEqual(local(new Date(worship.event_date)), { weekday: 'Friday', time: '19:30' });
      assert.ok(events.filter((e) => e.number_of_seats >= 10).length >= 5);
    });
  }
});
