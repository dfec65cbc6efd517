/**
 * Faults a visitor can meet: the API goes away while the site is open (the
 * pages say so and offer a retry, then recover when it is back).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { DESKTOP, freePort, launchBrowser, newPage, startSite, type Site, newDataDir } from '../harness';

let browser: Browser;
const dataDir = newDataDir('ministry-resilience-');
let port: number;
let site: Site | undefined;

before(async () => {
  port = await freePort();
  site = await startSite({ DATA_DIR: dataDir, PORT: String(port) });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

describe('the API goes down and comes back', () => {
  it('pages show a friendly error with Try again, and recover once the API answers again', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    // Load every remote once while the server is up, as a visitor who browsed a little would have.
    await page.goto(`${site!.url}/events`);
    await page.getByRole('heading', { name: 'Upcoming events', exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'COMMUNITY' }).click();
    await page.waitForURL('**/community');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'HOME' }).click();
    await page.waitForURL(`${site!.url}/`);

    // The API dies.
    site!.process.kill('SIGKILL');
    await new Promise((r) => site!.process.once('exit', r));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'EVENTS' }).click();
    await page.waitForURL('**/events');
    const alert = page
      .getByRole('alert')
      .filter({ hasText: /couldn.t load/ })
      .first();
    await alert.waitFor();
    assert.match(await alert.innerText(), /check your connection/);

    // It comes back on the same port and data; Try again recovers the page in place.
    site = await startSite({ DATA_DIR: dataDir, PORT: String(port) });
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    assert.equal(
      await page
        .getByRole('alert')
        .filter({ hasText: /couldn.t load/ })
        .count(),
      0,
    );
    await context.close();
  });
});
