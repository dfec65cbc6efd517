/**
 * Every width from a small phone to a desktop, signed out: the page never
 * scrolls sideways and every header control is on screen or behind the menu
 * button (the checks are in ../widths.ts).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from '../harness';
import { checkEveryWidth, setUpWidths, type WidthsSetup } from '../widths';

let setup: WidthsSetup;

before(async () => {
  setup = await setUpWidths();
});

after(async () => {
  await setup?.browser.close();
  await setup?.site.stop();
});

describe('every width from 360 to 1440 px, signed out', () => {
  it('signed out: no sideways scroll, LOGIN and SIGN UP on screen, page links or the menu button', async () => {
    const { context, page } = await newPage(setup.browser);
    const problems = await checkEveryWidth(setup, page, 'signed-out');
    await context.close();
    assert.deepEqual(problems, []);
  });

  it('below 1280 px the menu button opens every page link and, on a phone, the account links', async () => {
    const { context, page } = await newPage(setup.browser, { width: 834, height: 900 });
    await page.goto(`${setup.site.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['About', 'Events', 'Community']) {
      assert.ok(await drawer.getByRole('link', { name, exact: false }).first().isVisible(), `${name} is in the menu`);
    }
    assert.ok(await drawer.getByLabel('Translate this page').isVisible(), 'the language list is in the menu');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${setup.site.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    for (const name of ['Home', 'About', 'Community', 'Events', 'News', 'Offering', 'Daily Devotion', /log ?in/i, /sign ?up/i]) {
      assert.ok(
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name }).first().isVisible(),
        `${name} is in the phone menu`,
      );
    }
    await context.close();
  });

  it('a translator that cannot load leaves the header as it is: its note floats below, SIGN UP stays on one line', async () => {
    // Third-party hosts are never reached from tests (harness launchBrowser): the translator cannot load.
    const { context, page } = await newPage(setup.browser, { width: 1280, height: 900 });
    await page.goto(`${setup.site.url}/`);
    const header = page.locator('header').first();
    const before = await header.boundingBox();
    const signUp = page.getByRole('link', { name: 'SIGN UP' });
    const signUpBefore = await signUp.boundingBox();
    await page.getByLabel('Translate this page').first().selectOption('fr');
    await page.getByRole('alert').filter({ hasText: 'translator' }).first().waitFor();
    assert.equal((await header.boundingBox())!.height, before!.height, 'the header keeps its height');
    assert.equal((await signUp.boundingBox())!.height, signUpBefore!.height, 'SIGN UP keeps its one line');
    await context.close();
  });
});
