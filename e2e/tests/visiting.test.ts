/**
 * What a first-time visitor looks for, in the production build: every
 * upcoming event at a glance, where an event happens and the event in their
 * own calendar; a church's service times, parking and its map, loaded only
 * when asked for; planning a visit, confirmed from the mail, and the staff
 * marking who came.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import {
  collectPageErrors,
  DESKTOP,
  hydrated,
  launchBrowser,
  logIn,
  mailedLink,
  MOBILE,
  newPage,
  savePageScreenshot,
  startSite,
  type Site,
  newDataDir,
  addStaffAccount,
  waitForMail,
} from '../harness';

const EDITOR = { email: 'welcome.editor@example.org', password: 'welcome editor password 1' };

let site: Site;
let browser: Browser;
let dataDir: string;

before(async () => {
  dataDir = newDataDir('ministry-e2e-visiting-');
  addStaffAccount(dataDir, { ...EDITOR, firstname: 'Phoebe', lastname: 'Welcome', role: 'editor' });
  site = await startSite({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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

  it('a first-time guest plans a visit from a church card, confirms it from the mail, and the staff mark that they came', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/community?tab=location`);
    const hq = page.getByRole('article', { name: /Headquarters/ });
    await (await hydrated(hq.getByRole('link', { name: /^Plan a visit to / }))).click();
    await page.waitForURL(/\/visit\?location=/);
    const church = page.getByLabel('Church');
    await hydrated(church);
    assert.match(await church.locator('option:checked').innerText(), /Headquarters/);
    const service = page.getByLabel('Service');
    const first = service.locator('option').nth(1);
    const label = await first.innerText();
    await service.selectOption({ index: 1 });
    await page.getByLabel('Adults (you included)').fill('2');
    await page.getByLabel('Children', { exact: true }).selectOption('1');
    await page.getByLabel('Child 1').selectOption('5');
    await page.getByLabel('Your name').fill('Priscilla');
    await page.getByLabel('E-mail address').fill('priscilla@example.org');
    await page.getByLabel('A question for us (optional)').fill('Where do we take the children?');
    await page.getByRole('button', { name: 'Plan my visit' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor();
    await savePageScreenshot(page, 'visiting-plan-sent-phone');

    const link = await mailedLink(site, 'priscilla@example.org', '/visit/confirm/');
    await page.goto(`${site.url}${link}`);
    await page.getByRole('heading', { name: 'We look forward to seeing you' }).waitFor();
    const box = await page.getByRole('region', { name: 'We look forward to seeing you' }).innerText();
    assert.match(box, /Your visit is confirmed/);
    assert.match(box, /Luminaries Harbor Light \(Headquarters\)/);
    assert.match(box, /Free parking behind the church/);
    assert.match(box, /2 adults and 1 child \(age 5\)/);
    assert.match(label, /·/);
    assert.deepEqual(errors, []);
    await context.close();

    // The welcome mail came too (it goes right after the answer), with the address and what to expect.
    const welcome = await waitForMail(site, 'priscilla@example.org', /We look forward to welcoming you/);
    assert.match(welcome, /What to expect/);

    const staff = await newPage(browser, DESKTOP);
    await logIn(site, staff.page, EDITOR, '/admin/visits');
    const row = staff.page.getByRole('row', { name: /Priscilla/ });
    await row.waitFor();
    assert.match(await row.innerText(), /priscilla@example\.org/);
    assert.match(await row.innerText(), /Where do we take the children\?/);
    const group = staff.page.getByRole('region', { name: /·/ }).filter({ has: row });
    assert.match(await group.innerText(), /1 visit: 2 adults and 1 child \(age 5\)/);
    const came = row.getByRole('checkbox', { name: /Came/ });
    await hydrated(came);
    await Promise.all([
      staff.page.waitForResponse((r) => r.url().includes('/api/admin/visits/') && r.request().method() === 'PUT' && r.ok()),
      came.check(),
    ]);
    await staff.page.reload();
    await staff.page
      .getByRole('row', { name: /Priscilla/ })
      .getByRole('checkbox', { name: /Came/ })
      .waitFor();
    assert.equal(
      await staff.page
        .getByRole('row', { name: /Priscilla/ })
        .getByRole('checkbox', { name: /Came/ })
        .isChecked(),
      true,
    );
    await savePageScreenshot(staff.page, 'visiting-staff-visits-desktop');
    await staff.context.close();
  });
});
