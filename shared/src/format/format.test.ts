import dayjs from 'dayjs';
import { siteIdentity } from '../config/site-identity';
import {
  formatDevotionalDate,
  formatDuration,
  formatEventDate,
  formatEventTime,
  formatNewsDate,
  formatRelative,
  formatWeekday,
  countOf,
  formatMinutes,
  homeSummary,
  pluralWord,
  inSiteTimeZone,
  listSummary,
  plainText,
  wallClockIn,
} from './index';

const NOON_UTC_5_MARCH_2026 = Date.UTC(2026, 2, 5, 12) / 1000;

describe('date formats (spec section 9)', () => {
  it("news and events: 'DD MMMM yyyy'", () => {
    expect(formatNewsDate('2026-03-05T12:00:00Z')).toBe('05 March 2026');
    expect(formatNewsDate('2026-11-15T12:00:00Z')).toBe('15 November 2026');
    expect(formatEventDate('2027-01-09T12:00:00Z')).toBe('09 January 2027');
  });

  it("events time: 'hh:mm A'", () => {
    expect(formatEventTime('2026-03-05T19:30:00')).toBe('07:30 PM');
    expect(formatEventTime('2026-03-05T09:05:00')).toBe('09:05 AM');
  });

  it("devotionals: 'Mon D, YYYY' and the weekday, from a timestamp in seconds", () => {
    expect(formatDevotionalDate(NOON_UTC_5_MARCH_2026)).toBe('Mar 5, 2026');
    expect(formatWeekday(NOON_UTC_5_MARCH_2026)).toBe('Thursday');
    expect(formatDevotionalDate(Date.UTC(2026, 10, 22, 12) / 1000)).toBe('Nov 22, 2026');
  });

  it("gives dates and times on the ministry's clock, not the visitor's", () => {
    expect(siteIdentity.timeZone).toBe('America/New_York');
    // 03:00 UTC on 5 March is still 4 March (22:00) in New York.
    const lateEvening = Date.UTC(2026, 2, 5, 3) / 1000;
    expect(formatDevotionalDate(lateEvening)).toBe('Mar 4, 2026');
    expect(formatWeekday(lateEvening)).toBe('Wednesday');
    expect(formatNewsDate('2026-03-05T03:00:00Z')).toBe('04 March 2026');
    // An event at 7:30 p.m. in New York, however the instant is written.
    for (const iso of ['2026-03-06T00:30:00Z', '2026-03-05T19:30:00-05:00', '2026-03-06T09:30:00+09:00', '2026-03-05T19:30:00']) {
      expect(formatEventDate(iso)).toBe('05 March 2026');
      expect(formatEventTime(iso)).toBe('07:30 PM');
    }
    // Daylight saving time: the clock moves, the format follows.
    expect(formatEventTime('2026-07-12T12:00:00Z')).toBe('08:00 AM');
    expect(formatEventTime('2026-03-08T07:30:00Z')).toBe('03:30 AM');
    expect(formatEventTime('2026-11-01T06:30:00Z')).toBe('01:30 AM');
    // A date without a time is that day on the ministry's clock.
    expect(formatNewsDate('2026-03-05')).toBe('05 March 2026');
    expect(inSiteTimeZone('2026-03-05', 'Asia/Tokyo').format('YYYY-MM-DD HH:mm')).toBe('2026-03-05 00:00');
  });

  it("an instant on a zone's clock keeps the zone: the start of its day follows the zone's changes, as dayjs's own conversion does", () => {
    // New York's clocks fall back on 1 November 2026: its day starts at -04:00 and ends at -05:00.
    const evening = '2026-11-01T22:00:00Z';
    expect(inSiteTimeZone(evening).startOf('day').format()).toBe(dayjs(evening).tz('America/New_York').startOf('day').format());
    expect(inSiteTimeZone(evening).startOf('day').valueOf()).toBe(dayjs(evening).tz('America/New_York').startOf('day').valueOf());
    expect(inSiteTimeZone('not a date').isValid()).toBe(false);
    // The clocks of New York at 03:00:30 UTC on 5 March: 22:00:30 on the 4th.
    expect(wallClockIn(Date.UTC(2026, 2, 5, 3, 0, 30, 999), 'America/New_York')).toBe(Date.UTC(2026, 2, 4, 22, 0, 30));
  });

  it('posts and sidebars: relative time', () => {
    expect(formatRelative('2026-03-05T09:00:00Z', '2026-03-05T12:00:00Z')).toBe('3 hours ago');
    expect(formatRelative('2026-03-04T12:00:00Z', '2026-03-05T12:00:00Z')).toBe('a day ago');
  });
});

describe('devotional summaries (spec section 9)', () => {
  const long = `<blockquote><p>${'Arise, shine; for thy light is come. '.repeat(8)}</p></blockquote>`;
  const text = plainText(long);

  it('plain text drops tags and entities and collapses white space', () => {
    expect(plainText('<p>Grace &amp; peace</p>\n<p>to&nbsp;you</p>')).toBe('Grace & peace to you');
  });

  it("keeps a verse's reference apart from the text around it", () => {
    const devotional =
      '<blockquote><p>Nothing will be impossible for you.</p><cite>Matthew 17:20</cite></blockquote>\n<p>Jesus measured faith differently.</p>';
    expect(plainText(devotional)).toBe('Nothing will be impossible for you. (Matthew 17:20) Jesus measured faith differently.');
    expect(homeSummary(devotional)).toContain('(Matthew 17:20) Jesus');
    expect(listSummary(devotional, 200)).not.toMatch(/you\. Matthew 17:20 Jesus/);
    expect(plainText('<p>A</p><cite> </cite><p>B</p>')).toBe('A B');
  });

  it('list pages cut the summary at 80 characters', () => {
    const summary = listSummary(long);
    expect(summary.endsWith('…')).toBe(true);
    expect(summary.slice(0, -1)).toBe(text.slice(0, 80).trimEnd());
    expect(summary.length).toBeLessThanOrEqual(81);
  });

  it('a summary of 80 characters or fewer is shown whole', () => {
    const exactly80 = 'x'.repeat(80);
    expect(listSummary(`<p>${exactly80}</p>`)).toBe(exactly80);
    expect(listSummary('<p>Be still.</p>')).toBe('Be still.');
    expect(homeSummary('<p>Be still, and know that I am God.</p>')).toBe('Be still, and know that I am God.');
  });

  it('the home list shows 150 characters when the text is longer than 80, starting at its first word', () => {
    const summary = homeSummary(long);
    expect(summary.startsWith('Arise, shine')).toBe(true);
    expect(summary.slice(0, -1)).toBe(text.slice(0, 150).trimEnd());
    expect(summary.endsWith('…')).toBe(true);
  });

  it('the home list does not add an ellipsis to a text that is not cut', () => {
    const ninety = 'y'.repeat(90);
    expect(homeSummary(`<p>${ninety}</p>`)).toBe(ninety);
  });
});

describe('formatDuration', () => {
  it('says a hold as people say it, never in thousands of minutes', () => {
    expect(formatDuration(15 * 60_000)).toBe('15 minutes');
    expect(formatDuration(60_000)).toBe('1 minute');
    expect(formatDuration(1)).toBe('1 minute');
    expect(formatDuration(24 * 3_600_000)).toBe('24 hours');
    expect(formatDuration(24 * 3_600_000 - 30_000)).toBe('24 hours');
    expect(formatDuration(3_600_000)).toBe('1 hour');
    expect(formatDuration(125 * 60_000)).toBe('2 hours and 5 minutes');
    expect(formatDuration(61 * 60_000)).toBe('1 hour and 1 minute');
    expect(formatDuration(72 * 3_600_000)).toBe('3 days');
    expect(formatMinutes(1440)).toBe('24 hours');
    expect(formatMinutes(5)).toBe('5 minutes');
  });
});

describe('plurals', () => {
  it("follow the language's plural rules, with the number written the site's way", () => {
    expect(countOf(1, 'comment', 'comments')).toBe('1 comment');
    expect(countOf(0, 'comment', 'comments')).toBe('0 comments');
    expect(countOf(2, 'comment', 'comments')).toBe('2 comments');
    expect(countOf(1200, 'member', 'members')).toBe('1,200 members');
    expect(pluralWord(1, 'post waits', 'posts wait')).toBe('post waits');
    expect(pluralWord(3, 'post waits', 'posts wait')).toBe('posts wait');
  });
});
