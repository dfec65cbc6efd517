/**
 * Wall-clock times in a time zone, for sample content dated relative to the
 * moment of seeding ("the first Saturday ten days from now at 8 a.m.").
 */
import { wallClockIn } from '@ministry/shared/format';

/** The instant at which the clocks of `timeZone` show the given wall-clock time (given as if it were UTC). */
function fromWallClock(wall: number, timeZone: string): Date {
  let instant = wall - (wallClockIn(wall, timeZone) - wall);
  // Once more, in case the first guess fell on the other side of a daylight-saving change.
  instant = wall - (wallClockIn(instant, timeZone) - instant);
  return new Date(instant);
}

export interface LocalSchedule {
  /** At least this many days after `now`… */
  daysAhead: number;
  /** …on the first such weekday (Sunday 0 … Saturday 6)… */
  weekday: number;
  /** …at this local time, 'HH:mm'. */
  time: string;
}

/** The instant of a schedule relative to `now`, on the clocks of `timeZone`. */
export function scheduledAt(now: Date, schedule: LocalSchedule, timeZone: string): Date {
  const match = /^(\d{2}):(\d{2})$/.exec(schedule.time);
  if (!match) throw new Error(`not a time of day: ${schedule.time}`);
  const today = new Date(wallClockIn(now.getTime(), timeZone));
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + schedule.daysAhead));
  day.setUTCDate(day.getUTCDate() + ((schedule.weekday - day.getUTCDay() + 7) % 7));
  return fromWallClock(day.getTime() + (Number(match[1]) * 60 + Number(match[2])) * 60_000, timeZone);
}
