/**
 * What a first-time visitor looks for, in the production build: every
 * upcoming event at a glance, where an event happens and the event in their
 * own calendar; a church's service times, parking and its map, loaded only
 * when asked for.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { collectPageErrors, DESKTOP, launchBrowser, MOBILE, newPage, savePageScreenshot, startSite, type Site } from '../harness';

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

describe('visiting', () => {
  it("an event page says where it happens and gives the event to the calendar, in the ministry's time zone", async () => {
    const events = (await (await fetch(`${site.url}/api/events`)).json()) as { data: { _id: string; title: string }[] };
    const worship = events.data.find((e) => e.title === 'Night of Worship')!;
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/events`);
    // On desktop every upcoming event is listed below the carousel.
    const all = page.getByRole('region', { name: 'All upcoming events' });
    assert.equal(await all.getByRole('listitem').count(), events.data.length);
    await all.getByRole('link', { name: 'Night of Worship' }).click();
    await page.waitForURL(`${site.url}/events/${worship._id}`);
    const where = page.locator('p', { hasText: /^Where:/ });
    assert.match(await where.innerText(), /Where: Luminaries Philadelphia, 310 Market Street/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'night-of-worship.ics');
    const ics = readFileSync((await download.path())!, 'utf8');
    assert.match(ics, /DTSTART;TZID=America\/New_York:\d{8}T193000/);
    assert.match(ics, /SUMMARY:Night of Worship/);
    await savePageScreenshot(page, 'visiting-event-desktop');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the locations tab plans a visit: service times, parking, and a map that loads only when asked for', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const framed: string[] = [];
    await page.route('https://www.openstreetmap.org/**', (route) => {
      framed.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<p>The map</p>' });
    });
    await page.goto(`${site.url}/community?tab=location`);
    await page.getByRole('heading', { name: 'Plan a visit' }).waitFor();
    const hq = page.getByRole('article', { name: /Headquarters/ });
    assert.match(await hq.innerText(), /Sunday 8:00 AM\s+First Service/);
    assert.match(await hq.innerText(), /Sunday 1:00 PM\s+Servicio en español · Spanish/);
    assert.match(await hq.innerText(), /Free parking behind the church/);
    assert.equal(await page.locator('iframe').count(), 0);
    assert.deepEqual(framed, []);
    await hq.getByRole('button', { name: 'Show the map' }).click();
    const map = page.frameLocator('iframe[title^="Map of Luminaries Harbor Light"]');
    // The site's content security policy lets the map in.
    await map.getByText('The map').waitFor();
    assert.equal(framed.length, 1);
    assert.match(framed[0]!, /marker=39\.7391,-75\.5398/);
    await savePageScreenshot(page, 'visiting-locations-phone');
    await context.close();
  });
});
