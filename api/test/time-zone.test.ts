/**
 * Dates and times are given on the ministry's clock (siteIdentity.timeZone):
 * the server formats e-mails and share previews exactly as the browser does,
 * whatever the process's own time zone (TZ).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { siteIdentity } from '@ministry/shared/config';

const run = promisify(execFile);
const apiDir = path.resolve(import.meta.dirname, '..');

/** Instants around midnight and the daylight-saving changes of New York, London and Los Angeles. */
const INSTANTS = [
  '2026-03-05T03:00:00Z',
  '2026-03-06T00:30:00Z',
  '2026-03-05T19:30:00-05:00',
  '2026-03-05T19:30:00',
  '2026-03-05',
  '2026-03-08T06:30:00Z',
  '2026-03-08T07:30:00Z',
  '2026-03-08T10:30:00Z',
  '2026-03-29T01:30:00Z',
  '2026-07-12T12:00:00Z',
  '2026-11-01T05:30:00Z',
  '2026-11-01T06:30:00Z',
  '2026-12-31T23:59:00-05:00',
];

const SCRIPT = `
const f = await import('@ministry/shared/format');
const instants = ${JSON.stringify(INSTANTS)};
const out = instants.map((iso) => {
  const seconds = f.inSiteTimeZone(iso).unix();
  return [f.formatNewsDate(iso), f.formatEventDate(iso), f.formatEventTime(iso), f.formatDevotionalDate(seconds), f.formatWeekday(seconds)];
});
// Every 47 hours and 13 minutes for two years, in zones with half-hour and 45-minute offsets and changes:
// the site's clock as dayjs's own (slower) conversion gives it, to the millisecond.
const { default: dayjs } = await import('dayjs');
dayjs.extend((await import('dayjs/plugin/utc.js')).default);
dayjs.extend((await import('dayjs/plugin/timezone.js')).default);
const unlike = [];
for (let at = Date.UTC(2025, 0, 1, 0, 0, 7, 250); at < Date.UTC(2027, 0, 1); at += (47 * 60 + 13) * 60_000) {
  for (const zone of ['America/New_York', 'Asia/Tokyo', 'UTC', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/St_Johns']) {
    const shown = f.inSiteTimeZone(at, zone);
    const theirs = dayjs(at).tz(zone);
    const text = (d) => d.format('YYYY-MM-DDTHH:mm:ss.SSSZ') + ' ' + d.startOf('day').format();
    if (text(shown) !== text(theirs) || shown.valueOf() !== theirs.valueOf()) unlike.push([new Date(at).toISOString(), zone, text(shown), text(theirs)]);
  }
}
process.stdout.write(JSON.stringify({ out, unlike }));
`;

async function formatUnder(tz: string): Promise<string[][]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
    cwd: apiDir,
    env: { ...process.env, TZ: tz },
  });
  const { out, unlike } = JSON.parse(stdout) as { out: string[][]; unlike: string[][] };
  assert.deepEqual(unlike.slice(0, 5), [], `under ${tz}, the site's clock is dayjs's own conversion`);
  return out;
}

describe("dates and times on the ministry's clock", () => {
  it('format the same under any process time zone', async () => {
    assert.equal(siteIdentity.timeZone, 'America/New_York');
    const zones = [
      'UTC',
      'America/Los_Angeles',
      'America/Phoenix',
      'Europe/London',
      'Asia/Tokyo',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
    ];
    const results = await Promise.all(zones.map(formatUnder));
    for (let i = 1; i < zones.length; i++) assert.deepEqual(results[i], results[0], `${zones[i]} formats like ${zones[0]}`);

    const byInstant = Object.fromEntries(INSTANTS.map((iso, i) => [iso, results[0][i]]));
    // 03:00 UTC on 5 March is 10 p.m. on 4 March in New York.
    assert.deepEqual(byInstant['2026-03-05T03:00:00Z'], [
      '04 March 2026',
      '04 March 2026',
      '10:00 PM',
      'Mar 4, 2026',
      'Wednesday',
    ]);
    for (const iso of ['2026-03-06T00:30:00Z', '2026-03-05T19:30:00-05:00', '2026-03-05T19:30:00']) {
      assert.deepEqual(byInstant[iso].slice(0, 3), ['05 March 2026', '05 March 2026', '07:30 PM'], iso);
    }
    assert.equal(byInstant['2026-03-05'][0], '05 March 2026');
    // New York's clocks go forward at 07:00 UTC on 8 March 2026 and back at 06:00 UTC on 1 November.
    assert.equal(byInstant['2026-03-08T06:30:00Z'][2], '01:30 AM');
    assert.equal(byInstant['2026-03-08T07:30:00Z'][2], '03:30 AM');
    assert.equal(byInstant['2026-11-01T05:30:00Z'][2], '01:30 AM');
    assert.equal(byInstant['2026-11-01T06:30:00Z'][2], '01:30 AM');
    assert.equal(byInstant['2026-07-12T12:00:00Z'][2], '08:00 AM');
    assert.deepEqual(byInstant['2026-12-31T23:59:00-05:00'].slice(0, 3), ['31 December 2026', '31 December 2026', '11:59 PM']);
  });
});
