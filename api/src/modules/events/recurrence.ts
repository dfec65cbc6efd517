/**
 * Repeating events: the dates of a series, computed with `rrule` on the
 * site's clock. The rule is read as wall-clock dates ("every Tuesday"), each
 * date then takes the series' local time and becomes an instant in the site's
 * zone, so a 19:00 weekly event stays at 19:00 across daylight-saving changes.
 */
import { ICalEventRepeatingFreq, ICalWeekday, type ICalRepeatingOptions } from 'ical-generator';
import rrulePackage from 'rrule';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { RecurrenceRule } from '@ministry/shared/types';

const { RRule } = rrulePackage;

/** A series (its template) is booked by its dates, never as a whole. */
export const SERIES_NOT_BOOKED = 'This event repeats: choose one of its dates to book.';

/** How far ahead the occurrences of a series are made (a series without an end is extended as time goes on). */
export const HORIZON_DAYS = 365;
/** The most occurrences a series may have made at once. */
export const MAX_OCCURRENCES = 400;

const WEEKDAY_NAMES = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/** 'YYYY-MM-DD' of a Date read as UTC (a floating wall-clock date). */
const isoDate = (d: Date): string => d.toISOString().slice(0, 10);
const floating = (date: string, time = '00:00'): Date => new Date(`${date}T${time}:00Z`);

export function parseRule(text: string | null): RecurrenceRule | null {
  if (!text) return null;
  const raw = JSON.parse(text) as Partial<RecurrenceRule>;
  return {
    freq: raw.freq === 'monthly' ? 'monthly' : 'weekly',
    interval: raw.interval ?? 1,
    weekdays: raw.weekdays ?? [],
    until: raw.until ?? null,
    count: raw.count ?? null,
    skipped: raw.skipped ?? [],
  };
}

/** The rule as rrule's options, for a series whose first occurrence is at `start` (site's clock). */
function rruleOf(rule: RecurrenceRule, start: { date: string; time: string }) {
  return new RRule({
    freq: rule.freq === 'monthly' ? RRule.MONTHLY : RRule.WEEKLY,
    interval: rule.interval,
    byweekday: rule.freq === 'weekly' && rule.weekdays.length > 0 ? rule.weekdays : null,
    dtstart: floating(start.date, start.time),
    until: rule.until ? floating(rule.until, '23:59') : null,
    count: rule.count,
  });
}

/**
 * The dates ('YYYY-MM-DD', site's clock) of a series' occurrences up to `to`
 * (inclusive), skipped dates left out; at most MAX_OCCURRENCES.
 */
export function occurrenceDates(rule: RecurrenceRule, start: { date: string; time: string }, to: string): string[] {
  const skipped = new Set(rule.skipped);
  const limit = floating(to, '23:59');
  const dates: string[] = [];
  rruleOf(rule, start).all((date, i) => {
    if (date > limit || i >= MAX_OCCURRENCES) return false;
    const day = isoDate(date);
    if (!skipped.has(day)) dates.push(day);
    return true;
  });
  return dates;
}

/** How many occurrences the rule gives before `date` (skipped ones counted: a count counts them too). */
export function occurrencesBefore(rule: RecurrenceRule, start: { date: string; time: string }, date: string): number {
  let n = 0;
  rruleOf(rule, start).all((d, i) => {
    if (isoDate(d) >= date || i >= MAX_OCCURRENCES) return false;
    n++;
    return true;
  });
  return n;
}

/** The start's date and time on the site's clock. */
export function localStart(instant: Date | string): { date: string; time: string } {
  const at = inSiteTimeZone(new Date(instant));
  return { date: at.format('YYYY-MM-DD'), time: at.format('HH:mm') };
}

/** The instant of an occurrence: its date at the series' time, on the site's clock. */
export const occurrenceInstant = (date: string, time: string): Date => inSiteTimeZone(`${date}T${time}`).toDate();

/** The date `days` after `date` ('YYYY-MM-DD'). */
export const addDays = (date: string, days: number): string => isoDate(new Date(floating(date).getTime() + days * 86_400_000));

/** The rule in words: 'Weekly on Tuesdays', 'Every 2 weeks on Mondays and Thursdays', 'Monthly'. */
export function describeRule(rule: RecurrenceRule): string {
  const unit = rule.freq === 'monthly' ? 'month' : 'week';
  const every = rule.interval === 1 ? (rule.freq === 'monthly' ? 'Monthly' : 'Weekly') : `Every ${rule.interval} ${unit}s`;
  const days = rule.freq === 'weekly' && rule.weekdays.length > 0 ? [...rule.weekdays].sort().map((d) => WEEKDAY_NAMES[d]) : [];
  const on = days.length === 0 ? '' : ` on ${days.length === 1 ? days[0] : `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`}`;
  const end = rule.until ? ` until ${rule.until}` : rule.count ? `, ${rule.count} times` : '';
  return `${every}${on}${end}`;
}

/** The rule as iCalendar's RRULE options (ical-generator), for a series whose DTSTART is on the site's clock. */
export function icalRepeating(rule: RecurrenceRule, start: { date: string; time: string }): ICalRepeatingOptions {
  const days = [ICalWeekday.MO, ICalWeekday.TU, ICalWeekday.WE, ICalWeekday.TH, ICalWeekday.FR, ICalWeekday.SA, ICalWeekday.SU];
  return {
    freq: rule.freq === 'monthly' ? ICalEventRepeatingFreq.MONTHLY : ICalEventRepeatingFreq.WEEKLY,
    interval: rule.interval,
    ...(rule.freq === 'weekly' && rule.weekdays.length > 0 ? { byDay: [...rule.weekdays].sort().map((d) => days[d]!) } : {}),
    ...(rule.count ? { count: rule.count } : {}),
    // UNTIL is an instant (UTC): the end of the last day, on the site's clock.
    ...(rule.until ? { until: occurrenceInstant(rule.until, '23:59') } : {}),
    ...(rule.skipped.length > 0 ? { exclude: rule.skipped.map((date) => inSiteTimeZone(`${date}T${start.time}`)) } : {}),
  };
}
