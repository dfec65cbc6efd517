/**
 * Repeating events in the production build: the staff make an event weekly
 * on its page; a visitor finds one of its later dates on the calendar and
 * opens that date's own page, which says how the series repeats.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import {
  collectPageErrors,
  DESKTOP,
  hydrated,
  launchBrowser,
  logIn,
  newPage,
  savePageScreenshot,
  startSite,
  type Site,
} from '../harness';

interface ApiEvent {
  _id: string;
  title: string;
  event_date: string;
  seriesId?: string | null;
  occurrenceOn?: string | null;
}

const ADMIN = { email: 'pastor@example.org', password: 'admin password 1' };

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

const apiEvents = async (): Promise<ApiEvent[]> =>
  ((await (await fetch(`${site.url}/api/events`)).json()) as { data: ApiEvent[] }).data;

describe('repeating events', () => {
  it('staff make an event weekly; a visitor opens one of its dates from the calendar', async () => {
    const worship = (await apiEvents()).find((e) => e.title === 'Night of Worship')!;
    const staff = await newPage(browser, DESKTOP);
    await logIn(site, staff.page, ADMIN, `/admin/events/${worship._id}`);
    const repeat = await hydrated(staff.page.getByLabel('Repeat', { exact: true }));
    await repeat.selectOption('weekly');
    await staff.page.getByLabel('Ends').selectOption('count');
    await staff.page.getByLabel('Times').fill('3');
    const saved = staff.page.waitForResponse((r) => r.url().endsWith('/recurrence') && r.request().method() === 'PUT');
    await staff.page.getByRole('button', { name: 'Save repeat' }).click();
    assert.equal((await saved).status(), 200);
    // The series' own page: its rule is shown.
    await staff.page.waitForURL((url) => !url.pathname.endsWith(worship._id));
    assert.equal(await (await hydrated(staff.page.getByLabel('Repeat', { exact: true }))).inputValue(), 'weekly');
    await savePageScreenshot(staff.page, 'recurring-staff-series');
    await staff.context.close();

    const dates = (await apiEvents())
      .filter((e) => e.seriesId && e.title === 'Night of Worship')
      .sort((a, b) => a.event_date.localeCompare(b.event_date));
    assert.equal(dates.length, 3);
    const second = dates[1]!;
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/calendar?month=${second.occurrenceOn!.slice(0, 7)}&view=list`);
    await page.locator(`a[href="/events/${second._id}"]`).first().click();
    await page.waitForURL(`${site.url}/events/${second._id}`);
    await page.getByText(/^Repeats: Weekly on/).waitFor();
    await savePageScreenshot(page, 'recurring-occurrence-page');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
