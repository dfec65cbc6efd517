/**
 * The church's calendar in the production build: the month on a phone (the
 * days that have events) and on a desktop (the grid), rendered by the server
 * for visitors; its filters in the address; Subscribe giving the same
 * selection as a feed; an event's page showing when it ends and linking its
 * church's own card.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import {
  collectPageErrors,
  DESKTOP,
  hydrated,
  launchBrowser,
  MOBILE,
  newPage,
  savePageScreenshot,
  settled,
  startSite,
  type Site,
} from '../harness';

interface ApiEvent {
  _id: string;
  title: string;
  event_date: string;
  category?: string | null;
}

let site: Site;
let browser: Browser;
let events: ApiEvent[];

/** 'YYYY-MM' of an instant on the church's clock. */
const churchMonth = (iso: string): string => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).format(
    new Date(iso),
  );
  return parts.slice(0, 7);
};

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  events = ((await (await fetch(`${site.url}/api/events`)).json()) as { data: ApiEvent[] }).data;
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

describe('the calendar', () => {
  it("on a phone: the server renders the month's events, each leads to its page, which shows its end and its church's card", async () => {
    const worship = events.find((e) => e.title === 'Night of Worship')!;
    const month = churchMonth(worship.event_date);
    const html = await (await fetch(`${site.url}/calendar?month=${month}`)).text();
    assert.ok(html.includes(`href="/events/${worship._id}"`), 'the month is rendered on the server');

    const { context, page } = await newPage(browser, MOBILE);
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/calendar?month=${month}`);
    const link = page.getByRole('link', { name: /Night of Worship/ });
    assert.equal(await link.isVisible(), true);
    await savePageScreenshot(page, 'calendar-month-phone');
    await link.click();
    await page.waitForURL(`${site.url}/events/${worship._id}`);
    assert.match(await page.getByText(/^Time:/).innerText(), /^Time: 07:30 PM – 10:00 PM$/);
    await page.getByRole('link', { name: 'Luminaries Philadelphia' }).click();
    await page.waitForURL(/\/community\?tab=location#church-/);
    // That church's card, scrolled to and outlined.
    await page.locator('article[aria-current="true"]', { hasText: 'Luminaries Philadelphia' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('on a desktop: the month grid, a category chosen, the list, and Subscribe with the same selection', async () => {
    const youth = events.find((e) => e.category === 'Youth')!;
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/calendar?month=${churchMonth(youth.event_date)}`);
    const grid = page.getByRole('table');
    assert.equal(await grid.getByRole('columnheader').count(), 7);
    await savePageScreenshot(page, 'calendar-month-desktop');
    // The filter works once React has taken the page over (a choice made before is lost).
    await (await hydrated(page.getByLabel('Category'))).selectOption('Youth');
    await page.waitForURL(/category=Youth/);
    // The month is shown again for the choice: read once nothing is loading and the grid holds one event.
    await settled(page);
    await page
      .waitForFunction(() => document.querySelectorAll('table a').length === 1, null, { timeout: 30_000 })
      .catch(() => {});
    assert.deepEqual(
      (await grid.getByRole('link').allInnerTexts()).map((t) => t.replace(/^\d{2}:\d{2} (AM|PM) /, '')),
      [youth.title],
    );
    await page.getByRole('link', { name: 'List', exact: true }).click();
    await page.waitForURL(/view=list/);
    await settled(page);
    assert.deepEqual(await page.locator('main ol li a').allInnerTexts(), [youth.title]);
    const subscribe = page.getByRole('link', { name: /^Subscribe to the events in Youth/ });
    const webcal = (await subscribe.getAttribute('href'))!;
    assert.equal(webcal, `${site.url.replace(/^http:/, 'webcal:')}/calendar.ics?category=Youth`);
    const feed = await (await fetch(webcal.replace(/^webcal:/, 'http:'))).text();
    assert.match(feed, new RegExp(`UID:${youth._id}@`));
    assert.equal(feed.match(/BEGIN:VEVENT/g)?.length, 1);
    await savePageScreenshot(page, 'calendar-list-desktop');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
